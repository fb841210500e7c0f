/**
 * Names in the order a person expects: English rules, numbers by value ("Revit 2" before "Revit 10").
 * The same order as `a.localeCompare(b, 'en', { numeric: true })`, with the collator made once: that
 * call makes one per comparison (36 ms of the brochure's thread for 1,000 courses).
 */
export const naturalOrder: (a: string, b: string) => number = new Intl.Collator('en', { numeric: true }).compare;
