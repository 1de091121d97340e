/** Filipino help centre of the demo merchant (language pack TY, fil-PH). */
export const helpSectionsFil = (brand: string) => [
  {
    anchor: 'about',
    title: `Tungkol sa ${brand}`,
    html: `<p>Ang ${brand} ay isang online na libangan na nag-aalok ng live casino, slots, fishing games, card
games, pagtaya sa sports at e-sports, at mga lottery mula sa mga lisensiyadong game provider, kasama ang mga
promosyon, points mall at VIP programme.</p>
<p>Iisang wallet ang gamit mo sa lahat ng laro. Ang mga deposito at withdrawal ay inaasikaso ng aming cashier
team, at makikita ang bawat galaw ng iyong balanse sa <em>Talaan ng account</em> sa member centre.</p>
<h4>Serbisyo sa customer</h4>
<p>Handa ang aming support team araw-araw sa pamamagitan ng live chat, Telegram at Facebook. Gamitin ang
customer service button sa gilid ng alinmang pahina. Ihanda ang iyong username, at huwag kailanman ibigay ang
iyong password o payment password kaninuman, kahit sa aming staff.</p>
<h4>Libreng laro</h4>
<p>Sa libreng laro, masusubukan mo ang maraming laro gamit ang play money bago magbukas ng account. Walang
halagang pera ang mga panalo sa play money, at hindi makapagdeposito, makapag-withdraw o makasali sa mga
promosyon ang mga free-play session.</p>`,
  },
  {
    anchor: 'term',
    title: 'Mga Tuntunin at Kundisyon',
    html: `<p>Sa pagrehistro ng account o paggamit ng site na ito, sumasang-ayon ka sa mga tuntuning ito.
Basahin ang mga ito nang mabuti.</p>
<h4>1. Sino ang maaaring sumali</h4>
<p>Dapat ay hindi bababa sa 18 taong gulang ka, o ang legal na edad para sa pagsusugal sa iyong lugar kung
mas mataas ito, at dapat ay legal ang online gaming kung nasaan ka. Maaari naming hingin ang patunay ng iyong
edad at pagkakakilanlan anumang oras, at sususpendihin ang mga account na hindi makapagpakita nito.</p>
<h4>2. Ang iyong account</h4>
<ul>
<li>Isang account lamang bawat tao. Maaaring isara ang mga dobleng account at bawiin ang kanilang mga bonus.</li>
<li>Ikaw ang may pananagutan sa paglilihim ng iyong password at payment password, at sa lahat ng gawain sa
iyong account.</li>
<li>Dapat totoo ang mga detalyeng ibinibigay mo, kasama ang pangalan ng payee, at tugma sa mga account na
ginagamit mo sa pagdeposito at pag-withdraw.</li>
</ul>
<h4>3. Deposito at withdrawal</h4>
<p>Naikredito ang deposito kapag nakumpirma na ng payment channel. Ang withdrawal ay ibinabayad sa account na
nakapangalan sa iyo matapos ang pagsusuri; maaari kaming humingi ng mga dokumento bago magbayad. Ang perang
idineposito ay dapat maitaya nang kahit isang beses bago i-withdraw.</p>
<h4>4. Mga taya at laro</h4>
<p>Tanggap ang taya kapag lumabas na ito sa iyong betting record. Ang resulta ng laro ay itinatakda ng game
provider; kapag may sira, ibinabalik ang taya sa mga round na pinawalang-bisa. Maaaring itama ang halatang
mali sa odds o bayad.</p>
<h4>5. Mga promosyon</h4>
<p>Bawat promosyon ay may sariling patakaran at wagering requirement na nakasaad sa pahina nito. Ang pang-aabuso
sa promosyon, gaya ng sabwatang pagtaya o maraming account, ay magreresulta sa pagkawala ng bonus at ng mga
panalo mula rito.</p>
<h4>6. Pagbabago at reklamo</h4>
<p>Maaari naming baguhin ang mga tuntuning ito; ang bersiyong nakikita rito ang umiiral. Kung may reklamo ka,
makipag-ugnayan muna sa customer service; sinasagot namin ang bawat reklamo sa loob ng 14 na araw.</p>`,
  },
  {
    anchor: 'privacy',
    title: 'Patakaran sa Privacy',
    html: `<p>Kinokolekta lamang namin ang personal na datos na kailangan para patakbuhin ang iyong account: ang
iyong username, mga detalye ng pakikipag-ugnayan (numero ng mobile, e-mail), pangalan ng payee at detalye ng
pagbabayad, kasaysayan ng taya at transaksiyon, at teknikal na datos gaya ng iyong IP address at uri ng device.</p>
<h4>Paano namin ito ginagamit</h4>
<ul>
<li>para buksan at protektahan ang iyong account, iproseso ang deposito at withdrawal, at pigilan ang panloloko;</li>
<li>para tuparin ang mga legal na tungkulin gaya ng pag-verify ng edad at mga pagsusuri laban sa money laundering;</li>
<li>para magpadala ng mga mensahe tungkol sa serbisyo at, kung papayag ka, mga alok na promosyon.</li>
</ul>
<h4>Pagbabahagi</h4>
<p>Ibinabahagi lamang namin ang datos sa mga payment provider, game provider (ang iyong player id at mga taya,
hindi ang iyong contact details) at sa mga awtoridad kung hinihingi ng batas. Hindi namin ibinebenta ang iyong
datos.</p>
<h4>Ang iyong mga karapatan</h4>
<p>Maaari kang humingi sa customer service ng kopya ng iyong datos, itama ito, o isara ang iyong account. Ang
mga rekord na kailangang itago ayon sa batas, gaya ng mga transaksiyon, ay itinatago sa itinakdang panahon at
saka binubura.</p>
<h4>Mga cookie</h4>
<p>Gumagamit kami ng browser storage para manatili kang naka-log in sa isang session, para tandaan ang iyong
wika at tema, at, kung pinagana ng operator, para sa mga anonymous na istatistika ng paggamit.</p>`,
  },
  {
    anchor: 'responsible',
    title: 'Responsableng Paglalaro',
    html: `<p>Ang paglalaro ay dapat libangan, hindi paraan ng pagkita ng pera. Nais naming maging ligtas ang
iyong kasiyahan.</p>
<h4>Panatilihing masaya</h4>
<ul>
<li>Magtakda ng badyet bago maglaro at tumigil kapag naubos na ito; huwag habulin ang mga talo.</li>
<li>Maglaro lamang gamit ang perang kaya mong mawala, hindi ang pera para sa upa, bayarin o pagkain.</li>
<li>Magpahinga nang madalas, at huwag maglaro kapag ikaw ay galit, pagod o nakainom.</li>
</ul>
<h4>Mga babalang palatandaan</h4>
<p>Ang paggugol ng mas maraming oras o pera kaysa sa plano, pangungutang para makapaglaro, paglilihim ng
paglalaro sa pamilya, o pagkabalisa kapag hindi naglalaro ay maaaring palatandaan ng problema.</p>
<h4>Mga kasangkapang inaalok namin</h4>
<p>Maaaring magtakda ang customer service ng limitasyon sa deposito ng iyong account, o isara ito para sa
cooling-off period na iyong pipiliin o nang permanente. Hindi binubuksan muli ang saradong account bago
matapos ang panahon.</p>
<h4>Mga menor de edad</h4>
<p>Dapat ay 18 taong gulang pataas ang mga manlalaro. Kung may kasama kang bata sa paggamit ng device, gumamit
ng parental-control software at huwag iwanang naka-log in ang iyong account.</p>
<p>Kung nakasasama na sa iyo ang paglalaro, humingi ng tulong sa isang support organisation sa iyong bansa,
gaya ng Gamblers Anonymous.</p>`,
  },
];
