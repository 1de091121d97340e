/** The vendor code the platform knows the in-house games by (the lottery gateway speaks for its own vendors). */
export const RGS_VENDOR_CODE = 'RGS';
