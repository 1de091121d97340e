/** A member's social contact fields, none given: the shape both apps' member fixtures share (contracts' profile). */
export const NO_SOCIAL_CONTACTS = {
  qqNum: null,
  whatsapp: null,
  facebook: null,
  telegram: null,
  line: null,
  zalo: null,
  wechat: null,
} as const;
