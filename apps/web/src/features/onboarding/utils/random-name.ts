import { ADJECTIVES, NOUNS } from './words';

export const NAME_NUMBER_MIN = 1;
export const NAME_NUMBER_MAX = 100;

/** SPEC §4: an adjective, a noun and a number from 1 to 100, joined by hyphens. */
export function randomServerName(random: () => number = Math.random): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const number = NAME_NUMBER_MIN + Math.floor(random() * (NAME_NUMBER_MAX - NAME_NUMBER_MIN + 1));
  return `${pick(ADJECTIVES)}-${pick(NOUNS)}-${number}`;
}
