/**
 * The page the gateway serves for every app path carries the product's public address
 * (PUBLIC_URL) in `<meta name="kartlink:public-url" content="…">`, so that every link the web
 * app shows or copies uses the address the server's own links use.
 */
export const PUBLIC_URL_META = 'kartlink:public-url';
