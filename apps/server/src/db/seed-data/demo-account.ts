/** A demo account of the seed (DESIGN.md §3); its password is public. */
export type DemoAccount = {
  username: string;
  password: string;
  userType: number;
  nickname: string;
  /** Username of the upline; listed before its downline. */
  parent: string | null;
  affiliateCode: string | null;
  mobile: { countryDialingCode: string; mobileNum: string } | null;
  email: string | null;
  note: string;
};
