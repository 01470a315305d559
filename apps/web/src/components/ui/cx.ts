/** Joins the class names that are set; `false`, `null` and `undefined` drop out. */
export function cx(...classNames: Array<string | false | null | undefined>): string {
  return classNames.filter(Boolean).join(' ');
}
