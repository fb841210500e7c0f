/** A JSON value as YAML data holds it (a page's data, a field's value). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
