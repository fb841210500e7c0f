/** A tel: address for a phone number as written ("+91 00000 00001"): the plus and the digits only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
