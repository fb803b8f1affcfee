import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Products whose click total changed and must be announced to shop-service. Marked in the
 * fold's transaction, so a crash between the fold and the announcement loses nothing.
 */
@Entity({ name: 'click_total_outbox' })
export class ClickTotalOutboxEntity {
  @PrimaryColumn({ name: 'product_id', type: 'uuid' })
  productId!: string;

  /** Bumped by each fold that marks the product again; the announcement clears only its own. */
  @Column({ type: 'int', default: 1 })
  version!: number;
}
