/** SPEC section 3: store icon keys, each drawn as the store's colour and initial. */
const STORE_MARKS: Record<string, { color: string; mark: string }> = {
  amazon: { color: '#ff9900', mark: 'a' },
  flipkart: { color: '#2874f0', mark: 'F' },
  myntra: { color: '#ff3f6c', mark: 'M' },
  ajio: { color: '#2c4152', mark: 'A' },
  meesho: { color: '#9f2089', mark: 'm' },
  whatsapp: { color: '#25d366', mark: 'W' },
};

/** The store's icon: its mark for the known vendors, else the site's initial (key 'web'). */
function VendorIcon({ storeKey, vendor }: { storeKey: string; vendor: string }) {
  const known = STORE_MARKS[storeKey];
  return (
    <span
      className={known ? 'store-icon' : 'store-icon store-icon--web'}
      style={known ? { background: known.color } : undefined}
      aria-hidden="true"
    >
      {known?.mark ?? vendor.charAt(0).toUpperCase()}
    </span>
  );
}

/** A store's icon and name, as a chip. */
export function StoreChip({ storeKey, vendor }: { storeKey: string; vendor: string }) {
  return (
    <span className="store-chip">
      <VendorIcon storeKey={storeKey} vendor={vendor} />
      {vendor}
    </span>
  );
}
