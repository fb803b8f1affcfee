import type { UploadedImage } from './media';

/** Subjects.media.readStorePage: a store's product page to read for the owner's link form. */
export interface StorePageRequest {
  caller: { userId: string };
  url: string;
  /** A bulk import's read (shop-service's job, which paces itself): not counted per minute. */
  unpaced?: boolean;
  /**
   * The owner's "Refresh price": the page is read again even when a read of it is kept (a
   * refresh answering the day-old price would refresh nothing), and no image is copied.
   */
  refresh?: boolean;
}

/** Subjects.media.copyImage: an image to copy into the owner's storage (a bulk import's). */
export interface CopyImageRequest {
  caller: { userId: string };
  url: string;
}

/**
 * What a store's product page says, each field only when the page says it: the owner sees it
 * in the link form and can change anything before saving.
 */
export interface StorePage {
  /** The page's address after redirects (a short link's store page). */
  url: string;
  /** The store's name (vendorOf). */
  store: string;
  title?: string;
  description?: string;
  /** In rupees. */
  price?: number;
  /** When the price was read from the page, ISO 8601: "₹799 as of 24 Nov". */
  priceReadAt?: string;
  brand?: string;
  /** The page's main image, copied into Kartlink's storage through the upload checks. */
  image?: UploadedImage;
  /** Why a part could not be taken (the image refused, a price in another currency). */
  notes: string[];
}

/** The link form's "fill from the store page" messages. */
export const StorePageMessages = {
  invalidUrl: 'Enter the address of a product page, starting with http:// or https://',
  privateAddress: 'That address cannot be read: it leads to a private network.',
  timedOut: 'The store took too long to answer. Try again, or fill in the details yourself.',
  tooLarge: 'That page is too large to read. Fill in the details yourself.',
  tooManyRedirects: 'That address redirects too many times to be read.',
  unreachable: 'The store’s page could not be opened. Check the address and try again.',
  answered: (status: number) =>
    `The store answered ${status} for that page. Check the address, or fill in the details yourself.`,
  notAPage: 'That address is not a web page. Paste the address of the product’s page.',
  nothingFound: 'Nothing about the product was found on that page. Fill in the details yourself.',
  tooFast: 'Too many store pages read in a short time. Please wait a moment and try again.',
  priceInOtherCurrency: (currency: string) =>
    `The page gives its price in ${currency}, not in rupees: enter the price yourself.`,
  noPriceNow:
    'The store page shows no price in rupees now, so the price was left as it was. Check the page, or enter the price yourself.',
  noStorePage: 'This product has no store page a price can be read from.',
  imageNotCopied: (reason: string) => `The page’s image could not be copied: ${reason}`,
} as const;
