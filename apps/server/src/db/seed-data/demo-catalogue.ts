import type { GameClassify, GameType } from '@platform/contracts';
import { artUrl, insertMissingGames, type CatalogueGame } from '../../modules/games/catalogue';
import type { Database } from '../database';

/**
 * The demo merchant's catalogue (issue 5): vendors with the spec §3 codes in every lobby category, games with English
 * and Filipino names (some accented, so the accent-insensitive search shows), hot, new and free-trial games, varied
 * stakes and lines, the "other games" families, and artwork made by our own art route (no external images).
 */

type Flag = 'hot' | 'new' | 'trial';
/** [gameCode, English name, Filipino name, minimum stake in cents, lines, flags, family (default: the type's)] */
type GameSeed = [
  code: string,
  en: string,
  ty: string,
  minBet: number,
  lines: number,
  flags?: Flag[],
  family?: GameClassify,
];
type VendorTypeSeed = { type: GameType; popup?: boolean; games: GameSeed[] };
export type VendorSeed = {
  code: string;
  name: string;
  demo?: boolean;
  isNew?: boolean;
  walletMode?: 'SEAMLESS' | 'TRANSFER';
  /** Vendor protocol settings (issue 6): where its game clients load, its server API, its replay page. */
  launchUrl?: string;
  apiUrl?: string;
  replayUrl?: string;
  types: VendorTypeSeed[];
};

const FAMILY: Record<GameType, GameClassify> = {
  LIVE: 'LIVE_TABLE',
  RNG: 'SLOT',
  FISH: 'FISHING',
  PVP: 'CARD',
  SPORTS: 'SPORTSBOOK',
  LOTT: 'LOTTERY',
  ELOTT: 'LOTTERY',
  BINGO: 'BINGO',
};

const live = (hot: Flag[] = []): VendorTypeSeed => ({
  type: 'LIVE',
  games: [
    ['baccarat', 'Baccarat', 'Baccarat', 100, 1, hot],
    ['dragon-tiger', 'Dragon Tiger', 'Dragon at Tigre', 100, 1],
    ['roulette', 'Roulette', 'Roleta', 50, 1],
    ['sic-bo', 'Sic Bo', 'Sic Bo', 100, 1],
  ],
});

const sportsbook = (code: string, en: string, ty: string, flags: Flag[] = []): VendorTypeSeed => ({
  type: 'SPORTS',
  games: [[code, en, ty, 100, 1, flags]],
});

export const DEMO_VENDORS: readonly VendorSeed[] = [
  // The in-house RGS ("Originals", issue 6): mounted under /rgs of this server in embedded mode, so its URLs are
  // relative (the launcher keeps a relative launch_url on our own origin, see seamless.launcher.ts). First in the RNG
  // lane; every game has a free trial (play money).
  {
    code: 'RGS',
    name: 'Originals',
    demo: true,
    isNew: true,
    launchUrl: '/rgs',
    apiUrl: '/rgs',
    replayUrl: '/rgs/replay/{round}',
    types: [
      {
        type: 'RNG',
        games: [
          ['rgs-lucky-lanterns', 'Lucky Lanterns', 'Masuwerteng Parol', 20, 20, ['hot', 'trial']],
          ['rgs-dice', 'Dice', 'Dais', 10, 1, ['trial'], 'ARCADE'],
          ['rgs-mines', 'Mines', 'Mina', 10, 1, ['trial'], 'ARCADE'],
          ['rgs-plinko', 'Plinko', 'Plinko', 10, 1, ['trial'], 'ARCADE'],
          ['rgs-crash', 'Crash', 'Pagbagsak', 10, 1, ['trial'], 'ARCADE'],
        ],
      },
    ],
  },

  // Live casino (LIVE): AG, BBIN, BG, DG, EA, LOTUS, OG, PT, TGP.
  {
    code: 'AG',
    name: 'Asia Gaming',
    demo: true,
    types: [
      live(['hot']),
      {
        type: 'FISH',
        games: [
          ['ag-fishing-king', 'Fishing King', 'Hari ng Pangingisda', 10, 1, ['hot', 'trial']],
          ['ag-golden-shark', 'Golden Shark', 'Gintong Pating', 20, 1],
        ],
      },
      {
        type: 'RNG',
        games: [
          ['ag-lucky-dragon', 'Lucky Dragon', 'Masuwerteng Dragon', 20, 25, ['trial']],
          ['ag-jade-garden', 'Jade Garden', 'Hardin ng Jade', 50, 20],
        ],
      },
    ],
  },
  {
    code: 'BBIN',
    name: 'BBIN',
    types: [
      live(),
      { type: 'FISH', games: [['bb-fishing-master', 'Fishing Master', 'Dalubhasang Mangingisda', 10, 1, ['hot']]] },
    ],
  },
  { code: 'BG', name: 'Big Gaming', types: [live()] },
  { code: 'DG', name: 'Dream Gaming', isNew: true, types: [live(['hot'])] },
  { code: 'EA', name: 'EA Live', types: [live()] },
  { code: 'LOTUS', name: 'Lotus Live', types: [live()] },
  { code: 'OG', name: 'Oriental Game', types: [live()] },
  {
    code: 'PT',
    name: 'Playtech',
    demo: true,
    types: [
      live(['hot']),
      { type: 'FISH', games: [['pt-fish-hunter', 'Fish Hunter', 'Mangangaso ng Isda', 10, 1, ['trial']]] },
      {
        type: 'RNG',
        games: [
          ['pt-age-of-gods', 'Age of the Gods', 'Panahon ng mga Diyos', 25, 20, ['hot']],
          ['pt-buffalo-blitz', 'Buffalo Blitz', 'Sugod ng Kalabaw', 40, 4096],
          ['pt-gods-jackpot', 'Kingdoms Rise Jackpot', 'Jackpot ng mga Kaharian', 100, 20, [], 'JACKPOT'],
          ['pt-deuces-wild', 'Deuces Wild', 'Ligaw na Dos', 25, 1, ['trial'], 'VIDEO_POKER'],
        ],
      },
    ],
  },
  { code: 'TGP', name: 'TGP Live', types: [live()] },

  // Fishing (FISH): AG, BBIN and PT above, CQ9, GG, RTG.
  {
    code: 'CQ9',
    name: 'CQ9 Gaming',
    demo: true,
    types: [
      {
        type: 'FISH',
        games: [['cq9-paradise', 'Paradise Fishing', 'Paraiso ng Pangingisda', 10, 1, ['hot', 'trial']]],
      },
      {
        type: 'RNG',
        games: [
          ['cq9-jump-high', 'Jump High', 'Talon nang Mataas', 20, 50, ['hot', 'trial']],
          ['cq9-god-of-war', 'God of War', 'Diyos ng Digmaan', 30, 243],
          ['cq9-rave-jump', 'Rave Jump', 'Indak na Talon', 10, 9, ['new']],
        ],
      },
    ],
  },
  {
    code: 'GG',
    name: 'GG Gaming',
    types: [
      { type: 'FISH', games: [['gg-ocean-king', 'Ocean King', 'Hari ng Karagatan', 20, 1, ['hot']]] },
      { type: 'RNG', games: [['gg-golden-lion', 'Golden Lion', 'Gintong Leon', 20, 25]] },
    ],
  },
  {
    code: 'RTG',
    name: 'Realtime Gaming',
    types: [
      { type: 'FISH', games: [['rtg-deep-sea', 'Deep Sea Fishing', 'Pangingisda sa Malalim', 10, 1]] },
      {
        type: 'RNG',
        games: [
          ['rtg-cash-bandits', 'Cash Bandits', 'Mga Bandido ng Pera', 25, 25],
          ['rtg-euro-roulette', 'European Roulette', 'Roletang Europeo', 100, 1, [], 'TABLE'],
        ],
      },
    ],
  },

  // Cards (PVP): KX, KY (opens a popup list), TH, WS, XY.
  {
    code: 'KX',
    name: 'KX Poker',
    types: [
      {
        type: 'PVP',
        games: [
          ['kx-tongits', 'Tongits Go', 'Tongits Go', 100, 1, ['hot']],
          ['kx-pusoy', 'Pusoy Dos', 'Pusoy Dos', 100, 1],
        ],
      },
    ],
  },
  {
    code: 'KY',
    name: 'Kaiyuan Gaming',
    types: [
      {
        type: 'PVP',
        popup: true,
        games: [
          ['ky-texas', "Texas Hold'em", "Texas Hold'em", 200, 1, ['hot']],
          ['ky-niu-niu', 'Niu Niu', 'Niu Niu', 100, 1],
          ['ky-blackjack', 'Blackjack Duel', 'Tapatan sa Blackjack', 100, 1],
          ['ky-teen-patti', 'Teen Patti', 'Teen Patti', 50, 1, ['new']],
        ],
      },
    ],
  },
  {
    code: 'TH',
    name: 'TH Cards',
    types: [{ type: 'PVP', games: [['th-mahjong', 'Mahjong Duel', 'Tapatan sa Mahjong', 100, 1]] }],
  },
  {
    code: 'WS',
    name: 'WS Cards',
    isNew: true,
    types: [{ type: 'PVP', games: [['ws-baccarat-duel', 'Baccarat Duel', 'Tapatan sa Baccarat', 100, 1, ['new']]] }],
  },
  {
    code: 'XY',
    name: 'XY Poker',
    types: [{ type: 'PVP', games: [['xy-omaha', 'Omaha Poker', 'Omaha Poker', 200, 1]] }],
  },

  // Slots (RNG): AE, AG, CQ9, GG, ISB, MG, MGS, PNG, PT, RTG, TTG, WD, plus PG, JDB, JL, FC.
  {
    code: 'PG',
    name: 'PG Soft',
    demo: true,
    isNew: true,
    types: [
      {
        type: 'RNG',
        games: [
          ['pg-fortune-tiger', 'Fortune Tiger', 'Tigre ng Kapalaran', 20, 5, ['hot', 'trial']],
          ['pg-mahjong-ways', 'Mahjong Ways', 'Mga Daan ng Mahjong', 40, 1024, ['hot', 'trial']],
          ['pg-cafe-fortuna', 'Café Fortuna', 'Café ng Swerte', 20, 20, ['new', 'trial']],
          ['pg-senorita-spins', 'Señorita Spins', 'Ikot ni Señorita', 10, 10, ['hot']],
          ['pg-lucky-neko', 'Lucky Neko', 'Masuwerteng Neko', 20, 243, ['hot']],
          ['pg-dragon-hatch', 'Dragon Hatch', 'Pagpisa ng Dragon', 20, 1024],
          ['pg-ganesha-gold', 'Ganesha Gold', 'Ginto ni Ganesha', 50, 20],
          ['pg-wild-bandito', 'Wild Bandito', 'Ligaw na Bandido', 20, 243, ['trial']],
          ['pg-treasures-aztec', 'Treasures of Aztec', 'Kayamanan ng Aztec', 20, 243, ['hot']],
          ['pg-dream-macau', 'Dream of Macau', 'Pangarap sa Macau', 100, 243],
          ['pg-queen-bounty', 'Queen of Bounty', 'Reyna ng Biyaya', 20, 30],
          ['pg-jungle-delight', 'Jungle Delight', 'Saya sa Gubat', 10, 5],
          ['pg-double-fortune', 'Double Fortune', 'Dobleng Kapalaran', 30, 20],
          ['pg-candy-burst', 'Candy Burst', 'Pagsabog ng Kendi', 20, 20, ['new']],
          ['pg-leprechaun', 'Leprechaun Riches', 'Yaman ng Leprechaun', 20, 25],
          ['pg-phoenix-rises', 'Phoenix Rises', 'Pagbangon ng Phoenix', 50, 30],
          ['pg-genie-wishes', "Genie's 3 Wishes", '3 Hiling ng Genie', 20, 20],
          ['pg-mermaid-riches', 'Mermaid Riches', 'Yaman ng Sirena', 40, 30],
          ['pg-fortune-ox', 'Fortune Ox', 'Baka ng Kapalaran', 20, 10, ['hot']],
          ['pg-fortune-mouse', 'Fortune Mouse', 'Daga ng Kapalaran', 20, 5],
          ['pg-fortune-rabbit', 'Fortune Rabbit', 'Kuneho ng Kapalaran', 20, 10, ['new']],
          ['pg-butterfly', 'Butterfly Blossom', 'Pamumulaklak ng Paruparo', 50, 50],
          ['pg-ways-qilin', 'Ways of the Qilin', 'Daan ng Qilin', 40, 1024],
          ['pg-hot-reels', '100% Hot Reels', '100% Mainit na Reels', 200, 9],
        ],
      },
    ],
  },
  {
    code: 'JL',
    name: 'JILI',
    demo: true,
    types: [
      {
        type: 'RNG',
        games: [
          ['jl-nino-dorado', 'Niño Dorado', 'Gintong Niño', 20, 25, ['hot', 'trial']],
          ['jl-super-ace', 'Super Ace', 'Super Alas', 10, 1024, ['hot']],
          ['jl-golden-empire', 'Golden Empire', 'Gintong Imperyo', 10, 32],
          ['jl-boxing-king', 'Boxing King', 'Hari ng Boksing', 20, 25],
          ['jl-money-coming', 'Money Coming', 'Paparating na Pera', 10, 1, ['new']],
          ['jl-scratch-lotto', 'Scratch Lotto', 'Kaskas Loto', 10, 1, ['trial'], 'SCRATCH'],
        ],
      },
      { type: 'PVP', games: [['jl-tongits', 'Tongits Classic', 'Klasikong Tongits', 50, 1]] },
    ],
  },
  {
    code: 'JDB',
    name: 'JDB Gaming',
    types: [
      {
        type: 'RNG',
        games: [
          ['jdb-lucky-seven', 'Lucky Seven', 'Masuwerteng Pito', 10, 5],
          ['jdb-plinko-rush', 'Plinko Rush', 'Plinko Sugod', 10, 1, ['hot'], 'ARCADE'],
        ],
      },
    ],
  },
  {
    code: 'FC',
    name: 'Fa Chai',
    types: [{ type: 'RNG', games: [['fc-night-market', 'Night Market', 'Gabing Pamilihan', 20, 25, ['new']]] }],
  },
  {
    code: 'AE',
    name: 'AE Slots',
    types: [{ type: 'RNG', games: [['ae-sea-queen', 'Sea Queen', 'Reyna ng Dagat', 25, 20]] }],
  },
  {
    code: 'ISB',
    name: 'iSoftBet',
    types: [
      {
        type: 'RNG',
        games: [
          ['isb-shaolin', 'Shaolin Spin', 'Ikot ng Shaolin', 20, 20],
          ['isb-blackjack', 'Blackjack Classic', 'Klasikong Blackjack', 100, 1, [], 'TABLE'],
        ],
      },
    ],
  },
  {
    code: 'MG',
    name: 'Microgaming',
    demo: true,
    types: [
      {
        type: 'RNG',
        games: [
          ['mg-immortal', 'Immortal Romance', 'Walang Hanggang Pag-ibig', 30, 243, ['hot']],
          ['mg-mega-moolah', 'Mega Moolah', 'Mega Moolah', 25, 25, ['hot'], 'JACKPOT'],
          ['mg-jacks-better', 'Jacks or Better', 'Jacks o Mas Mataas', 25, 1, ['trial'], 'VIDEO_POKER'],
          ['mg-golden-scratch', 'Golden Scratch', 'Gintong Kaskas', 50, 1, [], 'SCRATCH'],
        ],
      },
    ],
  },
  {
    code: 'MGS',
    name: 'MG Slots Plus',
    types: [{ type: 'RNG', games: [['mgs-thunder', 'Thunderstruck', 'Tinamaan ng Kulog', 9, 9]] }],
  },
  {
    code: 'PNG',
    name: "Play'n GO",
    demo: true,
    types: [{ type: 'RNG', games: [['png-book-dead', 'Book of Dead', 'Aklat ng Patay', 10, 10, ['trial']]] }],
  },
  {
    code: 'TTG',
    name: 'TTG Gaming',
    types: [{ type: 'RNG', games: [['ttg-aviator-sky', 'Aviator Sky', 'Langit ng Piloto', 10, 1, ['new'], 'ARCADE']] }],
  },
  {
    code: 'WD',
    name: 'WD Slots',
    types: [{ type: 'RNG', games: [['wd-wild-west', 'Wild West Gold', 'Ginto ng Kanluran', 20, 40]] }],
  },

  // Sports (SPORTS): IBC, SBT, UG; TF is the demo merchant's e-sport vendor, DS88 its cock-fight vendor.
  {
    code: 'IBC',
    name: 'IBC Sports',
    types: [sportsbook('ibc-sportsbook', 'IBC Sportsbook', 'IBC Palakasan', ['hot'])],
  },
  { code: 'SBT', name: 'SBTech', types: [sportsbook('sbt-sportsbook', 'SBT Sportsbook', 'SBT Palakasan')] },
  { code: 'UG', name: 'UG Sports', types: [sportsbook('ug-sportsbook', 'UG Sportsbook', 'UG Palakasan')] },
  {
    code: 'TF',
    name: 'TF Gaming',
    isNew: true,
    types: [sportsbook('tf-esports', 'TF Esports', 'TF Esports', ['hot'])],
  },
  { code: 'DS88', name: 'DS88 Sabong', types: [sportsbook('ds88-sabong', 'DS88 Sabong', 'DS88 Sabong', ['hot'])] },

  // Lottery (LOTT, ELOTT): the RGS's lottery gateway (issue 23, ADR 0033) speaks for the vendors LOTT, TCG_LOTTO_VN and
  // TCG_SEA, mounted under /lgw of this server in embedded mode. Game codes are the gateway's lottery codes; the web
  // app routes each vendor to its lottery page (spec §4) with the game code.
  {
    code: 'LOTT',
    name: 'Lucky Lotto',
    isNew: true,
    launchUrl: '/lgw',
    apiUrl: '/lgw',
    types: [
      {
        type: 'LOTT',
        games: [
          ['lott-ffc1', '1-Minute 5D', '1-Minutong 5D', 2, 1, ['hot']],
          ['lott-ffc3', '3-Minute 5D', '3-Minutong 5D', 2, 1],
          ['lott-ffc5', '5-Minute 5D', '5-Minutong 5D', 2, 1],
          ['lott-k3-1', '1-Minute Dice', '1-Minutong Dais', 2, 1, ['hot']],
          ['lott-pk10-3', '3-Minute Car Race', '3-Minutong Karera', 2, 1],
          ['lott-11x5-5', '5-Minute 11 Choose 5', '5-Minutong 11 Pumili ng 5', 2, 1],
          ['lott-d5-daily', 'Daily 5D', 'Araw-araw na 5D', 2, 1],
        ],
      },
      {
        type: 'ELOTT',
        games: [
          ['elott-digit5-1', 'E-Lottery 5D', 'E-Loterya 5D', 100, 1, ['hot']],
          ['elott-dice3-1', 'E-Lottery Dice', 'E-Loterya Dais', 100, 1],
          ['elott-race10-1', 'E-Lottery Race', 'E-Loterya Karera', 100, 1],
        ],
      },
    ],
  },
  {
    code: 'TCG_LOTTO_VN',
    name: 'Vietnam Lottery',
    launchUrl: '/lgw',
    apiUrl: '/lgw',
    types: [
      {
        type: 'LOTT',
        games: [
          ['vn-north', 'Vietnam North', 'Hilagang Vietnam', 100, 1, ['hot']],
          ['vn-central', 'Vietnam Central', 'Gitnang Vietnam', 100, 1],
          ['vn-south', 'Vietnam South', 'Timog Vietnam', 100, 1],
          ['vn-fast-1', 'Vietnam 1-Minute', 'Vietnam 1-Minuto', 100, 1],
          // The regional draws' further stations of the day (ADR 0050): each province drawing that day is a game of
          // its own, which the gateway's menu names with the province ("Vietnam South · Bến Tre").
          ['vn-central-2', 'Vietnam Central · Station 2', 'Gitnang Vietnam · Istasyon 2', 100, 1],
          ['vn-central-3', 'Vietnam Central · Station 3', 'Gitnang Vietnam · Istasyon 3', 100, 1],
          ['vn-south-2', 'Vietnam South · Station 2', 'Timog Vietnam · Istasyon 2', 100, 1],
          ['vn-south-3', 'Vietnam South · Station 3', 'Timog Vietnam · Istasyon 3', 100, 1],
          ['vn-south-4', 'Vietnam South · Station 4', 'Timog Vietnam · Istasyon 4', 100, 1],
        ],
      },
    ],
  },
  {
    code: 'TCG_SEA',
    name: 'SEA Lottery',
    launchUrl: '/lgw',
    apiUrl: '/lgw',
    types: [
      {
        type: 'LOTT',
        games: [
          ['sea-thai', 'Thai Lottery', 'Loteryang Thai', 100, 1],
          ['sea-thai-5', '5-Minute Thai', '5-Minutong Thai', 100, 1],
          ['sea-4d', '4D', '4D', 100, 1],
        ],
      },
    ],
  },

  // Bingo (BINGO): shown when the merchant supports Filipino.
  {
    code: 'BNG',
    name: 'Bingo Nation',
    demo: true,
    types: [
      {
        type: 'BINGO',
        games: [
          ['bng-bingo-75', 'Bingo 75', 'Bingo 75', 10, 1, ['hot', 'trial']],
          ['bng-pinoy-bingo', 'Pinoy Bingo', 'Pinoy Bingo', 10, 1, ['new']],
          ['bng-bingo-blitz', 'Bingo Blitz', 'Mabilis na Bingo', 20, 1],
        ],
      },
    ],
  },
];

/** The art route's names allow letters, digits, spaces and _.'&!-; other marks (%, /) are left out of the picture. */
const artName = (name: string): string =>
  name
    .replace(/[^\p{L}\p{N} _.'&!-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

export type DemoGame = CatalogueGame & { vendorCode: string };

const gamesOf = (vendor: VendorSeed): DemoGame[] =>
  vendor.types.flatMap(({ type, games }) =>
    games.map(([code, en, ty, minBet, lines, flags = [], family], sort) => ({
      vendorCode: vendor.code,
      gameCode: code,
      gameType: type,
      names: { EN: en, TY: ty },
      gameClassify: family ?? FAMILY[type],
      iconUrl: artUrl('game', artName(en)),
      minBetMinor: BigInt(minBet),
      minLineNum: lines,
      isHot: flags.includes('hot'),
      isNew: flags.includes('new'),
      freeTrial: flags.includes('trial'),
      sort: sort + 1,
    })),
  );

/** Every vendor and game of the demo catalogue (tests read their expectations from here). */
export const DEMO_CATALOGUE = {
  vendors: DEMO_VENDORS,
  games: DEMO_VENDORS.flatMap(gamesOf),
};

/** The demo member's recent games on a fresh start (vendor, game code), newest first. */
const DEMO_RECENT: readonly [string, string][] = [
  ['PG', 'pg-fortune-tiger'],
  ['JL', 'jl-super-ace'],
  ['PG', 'pg-lucky-neko'],
  ['AG', 'ag-fishing-king'],
];

export type CatalogueSeedResult = { vendors: number; games: number; recent: number };

/**
 * Adds what is missing of the demo catalogue to the demo merchant (idempotent: existing vendors, types and games keep
 * an operator's edits), and a few recent games for demo_member when it has none. Run at boot after the accounts.
 */
export const seedDemoCatalogue = async (db: Database, merchantCode = 'demo'): Promise<CatalogueSeedResult> => {
  const merchant = await db.query<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [merchantCode]);
  const merchantId = merchant.rows[0]?.id;
  const result: CatalogueSeedResult = { vendors: 0, games: 0, recent: 0 };
  if (merchantId === undefined) return result;
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-catalogue:' || current_schema()))");
    // Positions count from 0 so that the RGS, added first in issue 6, sorts before the vendors of earlier seeds,
    // which keep the positions (1, 2...) they were given then.
    const vendors = DEMO_VENDORS.map((vendor, sort) => ({
      code: vendor.code,
      display_name: vendor.name,
      logo_url: artUrl('logo', artName(vendor.name)),
      wallet_mode: vendor.walletMode ?? 'SEAMLESS',
      support_demo: vendor.demo ?? false,
      is_new: vendor.isNew ?? false,
      sort,
      launch_url: vendor.launchUrl ?? null,
      api_url: vendor.apiUrl ?? null,
      replay_url: vendor.replayUrl ?? null,
    }));
    const added = await tx.query(
      `INSERT INTO game_vendors (merchant_id, code, display_name, logo_url, wallet_mode, support_demo, is_new, sort,
         launch_url, api_url, replay_url)
       SELECT $1, x.code, x.display_name, x.logo_url, x.wallet_mode, x.support_demo, x.is_new, x.sort, x.launch_url,
         x.api_url, x.replay_url
       FROM jsonb_to_recordset($2::jsonb) AS x(code text, display_name text, logo_url text, wallet_mode text,
         support_demo boolean, is_new boolean, sort integer, launch_url text, api_url text, replay_url text)
       ON CONFLICT (merchant_id, code) DO NOTHING RETURNING 1`,
      [merchantId, JSON.stringify(vendors)],
    );
    result.vendors = added.rows.length;
    // A card's position inside its category follows the vendor list.
    const types = DEMO_VENDORS.flatMap((vendor, sort) =>
      vendor.types.map((t) => ({
        vendor_code: vendor.code,
        game_type: t.type,
        large_icon_url: artUrl('vendor', artName(vendor.name)),
        opens_popup: t.popup ?? false,
        sort,
      })),
    );
    await tx.query(
      `INSERT INTO game_vendor_types (merchant_id, vendor_code, game_type, large_icon_url, opens_popup, sort)
       SELECT $1, x.vendor_code, x.game_type, x.large_icon_url, x.opens_popup, x.sort
       FROM jsonb_to_recordset($2::jsonb) AS x(vendor_code text, game_type text, large_icon_url text,
         opens_popup boolean, sort integer)
       ON CONFLICT (merchant_id, vendor_code, game_type) DO NOTHING`,
      [merchantId, JSON.stringify(types)],
    );
    for (const vendor of DEMO_VENDORS) {
      result.games += await insertMissingGames(tx, merchantId, vendor.code, gamesOf(vendor));
    }
    result.recent = await seedDemoRecent(tx, merchantId);
    return result;
  });
};

const seedDemoRecent = async (tx: Pick<Database, 'query'>, merchantId: number): Promise<number> => {
  const member = await tx.query<{ id: bigint; recent: bigint }>(
    `SELECT m.id, (SELECT count(*) FROM game_recent r WHERE r.merchant_id = m.merchant_id AND r.member_id = m.id) AS recent
     FROM members m WHERE m.merchant_id = $1 AND lower(m.username) = 'demo_member'`,
    [merchantId],
  );
  const row = member.rows[0];
  if (row === undefined || row.recent > 0n) return 0;
  const { rows } = await tx.query(
    `INSERT INTO game_recent (merchant_id, member_id, game_id, launched_at)
     SELECT $1, $2, g.id, now() - (x.n * interval '1 hour')
     FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS x(vendor_code, game_code, n)
     JOIN games g ON g.merchant_id = $1 AND g.vendor_code = x.vendor_code AND g.game_code = x.game_code
     ON CONFLICT DO NOTHING RETURNING 1`,
    [merchantId, row.id, DEMO_RECENT.map(([vendor]) => vendor), DEMO_RECENT.map(([, code]) => code)],
  );
  return rows.length;
};
