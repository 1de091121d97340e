import type { BannerGroup, NoticeExecution, NoticeType } from '@platform/contracts';

/**
 * The demo merchant's lobby content (issue 5): banners (artwork in apps/web/public/banners), notices in EN and TY for
 * every audience, and winner-board examples. Times are relative to the seed, so a fresh database always has live
 * notices, one scheduled in the future and one expired.
 */

export type DemoBanner = {
  groupName: BannerGroup;
  title: string;
  imageUrl: string;
  url: string | null;
  sort: number;
};

export const DEMO_BANNERS: readonly DemoBanner[] = [
  { groupName: 'w_home', title: 'Welcome bonus', imageUrl: '/banners/home-welcome.svg', url: '/promotions', sort: 1 },
  { groupName: 'w_home', title: 'Spin the reels', imageUrl: '/banners/home-slots.svg', url: '/rng', sort: 2 },
  {
    groupName: 'w_home',
    title: 'Live casino, real tables 24/7',
    imageUrl: '/banners/home-live.svg',
    url: null,
    sort: 3,
  },
  { groupName: 'w_reg', title: 'Join Lucky Star', imageUrl: '/banners/register.svg', url: null, sort: 1 },
  { groupName: 'w_forget', title: 'Back in safely', imageUrl: '/banners/forget.svg', url: null, sort: 1 },
  { groupName: 'w_leftmenu', title: 'Daily rewards', imageUrl: '/banners/leftmenu.svg', url: '/promotions', sort: 1 },
];

type Text = { title: string; content: string };

export type DemoNotice = {
  type: NoticeType;
  execution: NoticeExecution;
  promotionType: string | null;
  /** Days before the seed that the notice was published (negative: in the future). */
  startsDaysAgo: number;
  /** Days after the seed that it ends (negative: already ended); null: no end. */
  endsInDays: number | null;
  EN: Text;
  TY: Text;
};

const notice = (
  type: NoticeType,
  execution: NoticeExecution,
  startsDaysAgo: number,
  EN: Text,
  TY: Text,
  extra: { promotionType?: string; endsInDays?: number } = {},
): DemoNotice => ({
  type,
  execution,
  promotionType: extra.promotionType ?? null,
  startsDaysAgo,
  endsInDays: extra.endsInDays ?? null,
  EN,
  TY,
});

const t = (title: string, content: string): Text => ({ title, content });

/** Marquee (PL), banner notices (B) and history (H) for guests and members. */
const PLAYER_NOTICES: DemoNotice[] = [
  notice(
    'PL',
    'B',
    1,
    t('Welcome to Lucky Star', 'Welcome to Lucky Star! Register today and claim a 100% bonus on your first deposit.'),
    t('Maligayang pagdating sa Lucky Star', 'Mag-register ngayon at kunin ang 100% bonus sa iyong unang deposito!'),
  ),
  notice(
    'PL',
    'B',
    2,
    t('Play anywhere', 'Lucky Star works on your phone, tablet and computer. No download needed.'),
    t('Maglaro kahit saan', 'Gumagana ang Lucky Star sa phone, tablet at computer. Walang kailangang i-download.'),
  ),
  notice(
    'PL',
    'A',
    1,
    t('Faster e-wallet deposits', 'E-wallet deposits are now credited within minutes, around the clock.'),
    t(
      'Mas mabilis na e-wallet deposit',
      'Ang mga e-wallet deposit ay pumapasok na sa loob ng ilang minuto, buong araw.',
    ),
  ),
  notice(
    'PL',
    'A',
    3,
    t('Weekly rebate every Monday', 'Your weekly rebate is credited every Monday before noon. Good luck this week!'),
    t(
      'Lingguhang rebate tuwing Lunes',
      'Ang iyong lingguhang rebate ay papasok tuwing Lunes bago magtanghali. Good luck!',
    ),
  ),
  notice(
    'B',
    'B',
    2,
    t('New members', 'Sign up in a minute and your welcome gifts are waiting in the reward centre.'),
    t('Para sa bagong miyembro', 'Mag-sign up sa loob ng isang minuto at naghihintay ang iyong welcome gifts.'),
  ),
  notice(
    'B',
    'A',
    2,
    t('Slots tournament this week', 'Play any slot this week to climb the tournament leaderboard.'),
    t('Slots tournament ngayong linggo', 'Maglaro ng kahit anong slot ngayong linggo para umakyat sa leaderboard.'),
  ),
  notice(
    'H',
    'A',
    40,
    t('System upgrade completed', 'Our scheduled system upgrade has been completed. Thank you for your patience.'),
    t(
      'Tapos na ang system upgrade',
      'Natapos na ang aming naka-iskedyul na system upgrade. Salamat sa inyong pasensya.',
    ),
  ),
  notice(
    'H',
    'A',
    60,
    t('New payment channels', 'We have added two new bank transfer channels for deposits and withdrawals.'),
    t(
      'Bagong payment channels',
      'Nagdagdag kami ng dalawang bagong bank transfer channel para sa deposit at withdrawal.',
    ),
  ),
  notice(
    'H',
    'B',
    45,
    t('Lucky Star is live', 'Lucky Star has opened its doors. Thank you for being with us from day one.'),
    t('Bukas na ang Lucky Star', 'Bukas na ang Lucky Star. Salamat sa pagsama sa amin mula sa unang araw.'),
  ),
];

/** Announcement popup items for guests (PU announcements, PR promotions with a Go button). */
const GUEST_POPUPS: DemoNotice[] = [
  notice(
    'PR',
    'B',
    1,
    t(
      '100% first deposit bonus',
      'New members get a 100% bonus on their first deposit, up to 500.\nA 10x turnover applies before withdrawal.\nRegister now and make your first deposit to claim it.',
    ),
    t(
      '100% bonus sa unang deposito',
      'Ang mga bagong miyembro ay may 100% bonus sa unang deposito, hanggang 500.\nMay 10x turnover bago mag-withdraw.\nMag-register na at mag-deposito para makuha ito.',
    ),
    { promotionType: 'DEPOSIT_BONUS' },
  ),
  notice(
    'PR',
    'B',
    2,
    t('Free sign-up gift', 'Complete your registration and bind your mobile number to receive a free gift.'),
    t('Libreng regalo sa pag-sign up', 'Tapusin ang registration at i-bind ang mobile number para sa libreng regalo.'),
    { promotionType: 'REGISTER_GIFT' },
  ),
  notice(
    'PU',
    'B',
    3,
    t(
      'Play responsibly',
      'Gaming should be fun. Set yourself limits and take breaks.\nOnly players aged 18 and over may register.',
    ),
    t(
      'Maglaro nang responsable',
      'Ang laro ay dapat masaya. Magtakda ng limitasyon at magpahinga.\nPara lamang sa edad 18 pataas.',
    ),
  ),
  notice(
    'PU',
    'B',
    4,
    t('Lucky Star on your phone', 'Add Lucky Star to your home screen for one-tap access to every game.'),
    t('Lucky Star sa iyong phone', 'Idagdag ang Lucky Star sa home screen para sa mabilis na access sa lahat ng laro.'),
  ),
  notice(
    'PR',
    'B',
    5,
    t(
      'Invite friends, earn rewards',
      'Share your invitation link and earn a reward for every friend who joins and plays.',
    ),
    t(
      'Mag-imbita, kumita ng rewards',
      'Ibahagi ang iyong invitation link at kumita sa bawat kaibigang sumali at maglaro.',
    ),
    { promotionType: 'REFERRAL' },
  ),
  notice(
    'PU',
    'B',
    6,
    t('New slots every week', 'Fresh slot titles arrive every week. Look for the NEW badge in the lobby.'),
    t('Bagong slots linggo-linggo', 'May bagong slot games bawat linggo. Hanapin ang NEW badge sa lobby.'),
  ),
  notice(
    'PR',
    'B',
    7,
    t('Daily check-in rewards', 'Log in every day to collect a check-in reward. Seven days in a row doubles it.'),
    t('Daily check-in rewards', 'Mag-login araw-araw para sa check-in reward. Doble ito kapag pitong sunod na araw.'),
    { promotionType: 'DAILY_CHECK_IN' },
  ),
  notice(
    'PU',
    'B',
    8,
    t('Safe and secure payments', 'Deposits and withdrawals are protected end to end. We never ask for your password.'),
    t('Ligtas na bayaran', 'Protektado ang deposit at withdrawal. Hindi namin hihingin ang iyong password.'),
  ),
  notice(
    'PR',
    'B',
    9,
    t('VIP club', 'Climb the VIP levels to unlock bigger rebates, birthday gifts and a personal host.'),
    t('VIP club', 'Umakyat sa VIP levels para sa mas malaking rebate, birthday gift at personal host.'),
    { promotionType: 'VIP' },
  ),
  notice(
    'PU',
    'B',
    10,
    t('Customer service 24/7', 'Our team is here around the clock by live chat and Telegram.'),
    t('Customer service 24/7', 'Nandito ang aming team buong araw sa live chat at Telegram.'),
  ),
  notice(
    'PR',
    'B',
    11,
    t('Live casino cashback', 'Get 5% cashback on your live casino losses every week.'),
    t('Live casino cashback', 'Makakuha ng 5% cashback sa talo sa live casino bawat linggo.'),
    { promotionType: 'LIVE_CASHBACK' },
  ),
];

/** Announcement popup items for members. */
const MEMBER_POPUPS: DemoNotice[] = [
  notice(
    'PR',
    'A',
    1,
    t('Weekend reload bonus 30%', 'Deposit on Saturday or Sunday and receive a 30% reload bonus, up to 300.'),
    t('Weekend reload bonus 30%', 'Mag-deposito tuwing Sabado o Linggo at makakuha ng 30% reload bonus, hanggang 300.'),
    { promotionType: 'RELOAD_BONUS' },
  ),
  notice(
    'PR',
    'A',
    2,
    t('Daily rebate up to 1.2%', 'Every bet earns rebate. The rebate is credited the next day.'),
    t('Daily rebate hanggang 1.2%', 'Bawat taya ay may rebate. Papasok ito kinabukasan.'),
    { promotionType: 'REBATE' },
  ),
  notice(
    'PU',
    'A',
    3,
    t('Set your payment password', 'Set a payment password in the security centre before your first withdrawal.'),
    t('Itakda ang payment password', 'Magtakda ng payment password sa security centre bago ang unang withdrawal.'),
  ),
  notice(
    'PR',
    'A',
    4,
    t(
      'Complete missions, win points',
      'Finish daily missions to earn points for the points mall. Points never expire.',
    ),
    t(
      'Tapusin ang missions, manalo ng points',
      'Tapusin ang daily missions para sa points. Hindi nag-e-expire ang points.',
    ),
    { promotionType: 'MISSION' },
  ),
  notice(
    'PU',
    'A',
    5,
    t('New e-wallet channel', 'A new e-wallet deposit channel is available in the deposit page.'),
    t('Bagong e-wallet channel', 'May bagong e-wallet deposit channel sa deposit page.'),
  ),
  notice(
    'PR',
    'A',
    6,
    t('Slots tournament', 'Spin any slot to earn tournament points. The top 50 players share the prize pool.'),
    t('Slots tournament', 'Maglaro ng slot para sa tournament points. Hahatiin ng top 50 ang prize pool.'),
    { promotionType: 'SLOT_TOURNAMENT' },
  ),
  notice(
    'PU',
    'A',
    7,
    t(
      'Scheduled maintenance',
      'Some vendors will be under maintenance on Tuesday from 02:00 to 04:00.\nYour balance is safe.',
    ),
    t(
      'Naka-iskedyul na maintenance',
      'Ilang vendor ay magme-maintenance sa Martes mula 02:00 hanggang 04:00.\nLigtas ang iyong balanse.',
    ),
  ),
  notice(
    'PR',
    'A',
    8,
    t('Birthday bonus', 'Celebrate with us: a birthday bonus is waiting in your reward centre in your birthday month.'),
    t('Birthday bonus', 'Mag-celebrate kasama namin: may birthday bonus sa reward centre sa buwan ng iyong kaarawan.'),
    { promotionType: 'BIRTHDAY' },
  ),
  notice(
    'PU',
    'A',
    9,
    t('Verify your mobile number', 'Bind your mobile number to log in by SMS and recover your account quickly.'),
    t('I-verify ang mobile number', 'I-bind ang mobile number para sa SMS login at mabilis na pag-recover ng account.'),
  ),
  notice(
    'PR',
    'A',
    10,
    t('Lucky wheel spins', 'Every deposit of 100 or more gives you a free spin on the lucky wheel.'),
    t('Lucky wheel spins', 'Bawat deposito na 100 pataas ay may libreng spin sa lucky wheel.'),
    { promotionType: 'LUCKY_WHEEL' },
  ),
  notice(
    'PU',
    'A',
    11,
    t('Keep your account safe', 'Never share your password or SMS codes. Our staff will never ask for them.'),
    t('Panatilihing ligtas ang account', 'Huwag ibahagi ang password o SMS code. Hindi ito hihingin ng aming staff.'),
  ),
];

/** The first-login popup, one scheduled in the future (not shown yet) and one that has ended (not shown). */
const SPECIAL_NOTICES: DemoNotice[] = [
  notice(
    'PU',
    'F',
    0,
    t(
      'Welcome aboard!',
      'Thank you for joining Lucky Star.\n1. Set your payment password.\n2. Bind your mobile number.\n3. Make your first deposit to claim the 100% bonus.',
    ),
    t(
      'Maligayang pagsali!',
      'Salamat sa pagsali sa Lucky Star.\n1. Itakda ang payment password.\n2. I-bind ang mobile number.\n3. Mag-deposito para makuha ang 100% bonus.',
    ),
  ),
  notice(
    'PU',
    'B',
    -7,
    t('Sportsbook grand opening', 'Our sportsbook opens next week with boosted odds on every match.'),
    t('Grand opening ng sportsbook', 'Magbubukas ang sportsbook sa susunod na linggo na may boosted odds.'),
  ),
  notice(
    'PR',
    'A',
    30,
    t('Summer splash bonus', 'A 50% bonus on every deposit during the summer splash week.'),
    t('Summer splash bonus', 'May 50% bonus sa bawat deposito sa summer splash week.'),
    { promotionType: 'SUMMER_SPLASH', endsInDays: -1 },
  ),
];

export const DEMO_NOTICES: readonly DemoNotice[] = [
  ...PLAYER_NOTICES,
  ...GUEST_POPUPS,
  ...MEMBER_POPUPS,
  ...SPECIAL_NOTICES,
];

/** Names as members pick them: the winner board masks them before they leave the server. */
export const DEMO_WINNER_NAMES: readonly string[] = [
  'lucky_ace88',
  'mariaclara07',
  'kingpin_ph',
  'jhunjhun23',
  'goldrush_rey',
  'bossing_mike',
  'anneliese99',
  'spin2win_jo',
  'dragonkid',
  'ninja_slots',
  'carlo.mendoza',
  'reyna_ng_swerte',
  'big_bet_bert',
  'kimchi_queen',
  'tiger_tan',
  'joyluck21',
  'paolo_gambit',
  'starry_nights',
  'mang_kanor',
  'ellaella',
  'highroller_jv',
  'pinoy_pogi',
  'winwin_wendy',
  'acebaccarat',
  'mamba_24',
  'kuya_rico',
  'lotto_lola',
  'fishhunter_x',
  'rafael.s',
  'cherry_bomb',
  'jackpotjen',
  'marco_polo8',
  'lady_luck_ph',
  'tonton_cruz',
  'ronin_777',
  'sweet_sixteen',
];

/**
 * Win amounts in major units (two decimals), all different, largest first; the seed spreads them over the categories
 * and games of the catalogue in turn.
 */
export const DEMO_WIN_AMOUNTS: readonly string[] = [
  '48250.00',
  '36120.50',
  '29875.25',
  '24500.00',
  '21340.75',
  '18990.00',
  '16420.40',
  '14785.00',
  '13210.60',
  '11950.00',
  '10480.25',
  '9875.50',
  '8820.00',
  '7654.30',
  '6900.00',
  '6125.75',
  '5480.00',
  '4975.20',
  '4410.00',
  '3890.45',
  '3320.00',
  '2875.60',
  '2450.00',
  '2105.35',
  '1880.00',
  '1620.90',
  '1399.00',
  '1205.50',
  '999.99',
  '875.00',
  '742.25',
  '615.80',
  '520.00',
  '455.45',
  '388.00',
  '302.10',
];
