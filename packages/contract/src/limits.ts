/** Longest name or location an operator may give a datacenter, room, rack or server. */
export const NAME_MAX_LENGTH = 255;
