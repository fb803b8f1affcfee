const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Owner- and visitor-facing prices: Indian grouping and the rupee sign, paise only when present. */
export function formatPrice(amount: number): string {
  return (Number.isInteger(amount) ? wholeRupees : rupeesAndPaise).format(amount);
}
