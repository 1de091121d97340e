/** English help centre of the demo merchant: operator-authored HTML (the client sanitizes it). */
export const helpSectionsEn = (brand: string) => [
  {
    anchor: 'about',
    title: `About ${brand}`,
    html: `<p>${brand} is an online entertainment site offering live casino tables, slots, fishing games, card
games, sports and e-sports betting, and lotteries from licensed game providers, together with promotions, a
points mall and a VIP programme.</p>
<p>Your account gives you one wallet for every game. Deposits and withdrawals are handled by our cashier team,
and every movement of your balance is listed under <em>Account record</em> in the member centre.</p>
<h4>Customer service</h4>
<p>Our support team is available every day through live chat, Telegram and Facebook. Use the customer
service button at the side of any page; please have your username ready, and never share your password or
payment password with anyone, including our staff.</p>
<h4>Free play</h4>
<p>Free play lets you try many games with play money before opening an account. Play-money results have no
cash value, and free-play sessions cannot deposit, withdraw or take part in promotions.</p>`,
  },
  {
    anchor: 'term',
    title: 'Terms and Conditions',
    html: `<p>By registering an account or using this site you agree to these terms. Please read them carefully.</p>
<h4>1. Eligibility</h4>
<p>You must be at least 18 years old, or the legal age for gambling in your place of residence if that is
higher, and online gaming must be legal where you are. We may ask you to prove your age and identity at any
time and will suspend accounts that cannot.</p>
<h4>2. Your account</h4>
<ul>
<li>Each person may hold one account. Duplicate accounts may be closed and their bonuses withdrawn.</li>
<li>You are responsible for keeping your password and payment password secret and for all activity on your
account.</li>
<li>The details you give us, including your payee name, must be true and must match the accounts you use to
deposit and withdraw.</li>
</ul>
<h4>3. Deposits and withdrawals</h4>
<p>Deposits are credited once confirmed by the payment channel. Withdrawals are paid to an account in your own
name after review; we may ask for documents before paying. Funds deposited must be wagered at least once
before withdrawal, to prevent the use of the site for moving money.</p>
<h4>4. Bets and games</h4>
<p>A bet is accepted when it appears in your betting record. Game results are decided by the game provider;
in case of a malfunction, void rounds are refunded. Obvious errors in odds or payouts may be corrected.</p>
<h4>5. Promotions</h4>
<p>Each promotion has its own rules and wagering requirements, shown on its page. Abuse of promotions, such as
coordinated betting or multiple accounts, leads to the loss of the bonus and its winnings.</p>
<h4>6. Changes and disputes</h4>
<p>We may update these terms; the version shown here is the one that applies. If you have a complaint, contact
customer service first; we answer every complaint within 14 days.</p>`,
  },
  {
    anchor: 'privacy',
    title: 'Privacy Policy',
    html: `<p>We collect only the personal data needed to run your account: your username, contact details
(mobile number, e-mail), payee name and payment details, your betting and transaction history, and technical
data such as your IP address and device type.</p>
<h4>How we use it</h4>
<ul>
<li>to open and secure your account, process deposits and withdrawals, and prevent fraud;</li>
<li>to meet legal duties such as age verification and anti-money-laundering checks;</li>
<li>to send you service messages and, if you agree, promotional offers.</li>
</ul>
<h4>Sharing</h4>
<p>We share data only with payment providers, game providers (your player id and bets, never your contact
details) and authorities where the law requires it. We never sell your data.</p>
<h4>Your rights</h4>
<p>You can ask customer service for a copy of your data, correct it, or close your account. Records we must
keep by law, such as transactions, are kept for the legal period and then deleted.</p>
<h4>Cookies</h4>
<p>We use browser storage to keep you logged in during a session, to remember your language and theme, and,
if the operator enables it, for anonymous usage statistics.</p>`,
  },
  {
    anchor: 'responsible',
    title: 'Responsible Gaming',
    html: `<p>Gaming should be entertainment, not a way to make money. We want you to enjoy it safely.</p>
<h4>Keep it fun</h4>
<ul>
<li>Set a budget before you play and stop when it is spent; never chase losses.</li>
<li>Only play with money you can afford to lose, never with money meant for rent, bills or food.</li>
<li>Take regular breaks, and do not play when you are upset, tired or under the influence of alcohol.</li>
</ul>
<h4>Warning signs</h4>
<p>Spending more time or money than you planned, borrowing to play, hiding your gaming from family, or feeling
anxious when you are not playing can be signs of a problem.</p>
<h4>Tools we offer</h4>
<p>Customer service can set deposit limits on your account, or close it for a cooling-off period of your
choice or permanently. A closed account is not reopened before the period ends.</p>
<h4>Minors</h4>
<p>Players must be 18 or older. If you share a device with children, use parental-control software and never
leave your account logged in.</p>
<p>If gaming is causing you harm, please reach out to a support organisation in your country, such as
Gamblers Anonymous.</p>`,
  },
];
