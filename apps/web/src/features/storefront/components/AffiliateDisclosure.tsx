/**
 * The Amazon Associates disclosure (the Associates Program Operating Agreement, and amazon.in's
 * required wording), shown at the foot of a shop's pages when the owner earns on Amazon
 * (`PublicShop.amazonDisclosure`): quiet, but readable and at text contrast.
 */
export function AffiliateDisclosure({ shopName }: { shopName: string }) {
  return (
    <footer className="affiliate-disclosure">
      <p>
        {shopName} is a participant in the Amazon Associates Program, an affiliate advertising
        program designed to provide a means for sites to earn advertising fees by advertising and
        linking to Amazon.in. As an Amazon Associate, {shopName} earns from qualifying purchases.
      </p>
    </footer>
  );
}
