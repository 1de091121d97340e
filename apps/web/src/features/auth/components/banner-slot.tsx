/** A banner as the notices call will return it (spec §3 "Banner: groupName, url"). */
export type DialogBanner = { groupName: string; url: string };

/**
 * The optional banner of a dialog (spec §2: group w_reg on registration, w_forget on forgot password). Banners come
 * with the notices call, which no issue has delivered yet, so today there is no data and the slot renders nothing.
 */
export function BannerSlot({
  group,
  banners = [],
}: {
  group: 'w_reg' | 'w_forget';
  banners?: readonly DialogBanner[];
}) {
  const banner = banners.find((entry) => entry.groupName === group);
  if (!banner) return null;
  return <img className="dialog__banner" src={banner.url} alt="" data-testid={`banner-${group}`} />;
}
