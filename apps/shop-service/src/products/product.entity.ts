import type { AfterEndAction } from '@kartlink/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A product and its short link; its code is unique within its shop. */
@Entity({ name: 'products' })
@Index('products_shop_id_short_code_key', ['shopId', 'shortCode'], { unique: true })
/** The owner's list, newest first: (shop_id, created_at DESC, id DESC) (migration). */
@Index('products_shop_newest', { synchronize: false })
/** The owner's search (ILIKE '%…%' on title, brand, short code): trigram GIN (migration). */
@Index('products_search_trgm', { synchronize: false })
/** The schedule's boundaries, for the watch that clears cached reads as they pass (migration). */
@Index('products_starts_at', { synchronize: false })
@Index('products_ends_at', { synchronize: false })
/** The admin console's list of every shop's products, newest first (migration Moderation). */
@Index('products_created_at_id', { synchronize: false })
export class ProductEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  @Column({ name: 'short_code', type: 'varchar', length: 40 })
  shortCode!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  description!: string | null;

  /** Rupees, to the paisa; numeric comes back as text and is converted by the mapper. */
  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  price!: string | null;

  /** When the price was read from a store page; null for a price the owner typed. */
  @Column({ name: 'price_read_at', type: 'timestamptz', nullable: true })
  priceReadAt!: Date | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  brand!: string | null;

  @Column({ name: 'image_url', type: 'varchar', length: 2048, nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  images!: string[];

  /** The store addresses, normalised, in the owner's order. */
  @Column({ name: 'store_urls', type: 'jsonb' })
  storeUrls!: string[];

  @Column({ name: 'show_on_shop', type: 'boolean', default: true })
  showOnShop!: boolean;

  /** Off: no affiliate tags or UTM on this product's redirects. */
  @Column({ name: 'affiliate_tags', type: 'boolean', default: true })
  affiliateTags!: boolean;

  /** The vendor key of the pinned store (one of the stores' keys), or null. */
  @Column({ name: 'default_store', type: 'varchar', length: 40, nullable: true })
  defaultStore!: string | null;

  @Column({ type: 'int', default: 0 })
  clicks!: number;

  /** On the public shop from this instant (null: always); see libs/contracts schedule.ts. */
  @Column({ name: 'starts_at', type: 'timestamptz', nullable: true })
  startsAt!: Date | null;

  /** Off the public shop from this instant (null: never). */
  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt!: Date | null;

  /** 'message' (endedMessage) or 'shop' (visitors sent to the shop page) past the end. */
  @Column({ name: 'after_end', type: 'varchar', length: 10, default: 'message' })
  afterEnd!: AfterEndAction;

  @Column({ name: 'ended_message', type: 'varchar', length: 300, nullable: true })
  endedMessage!: string | null;

  /** Set while an admin has hidden it (issue 21): visitors get 410, the owner sees the reason. */
  @Column({ name: 'hidden_at', type: 'timestamptz', nullable: true })
  hiddenAt!: Date | null;

  @Column({ name: 'hidden_reason', type: 'varchar', length: 500, nullable: true })
  hiddenReason!: string | null;

  @Column({ name: 'hidden_by', type: 'uuid', nullable: true })
  hiddenBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
