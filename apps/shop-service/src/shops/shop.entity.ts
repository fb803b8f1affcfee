import type {
  BannerList,
  SetupSteps,
  ShopEarnings,
  ShopSeo,
  SocialMedia,
} from '@kartlink/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** One shop per owner. Its URL is unique across shops: the database decides a race. */
@Entity({ name: 'shops' })
/** The admin console's list, newest first (migration Moderation). */
@Index('shops_created_at_id', { synchronize: false })
export class ShopEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('shops_user_id_key', { unique: true })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Index('shops_shop_url_key', { unique: true, where: 'shop_url IS NOT NULL' })
  @Column({ name: 'shop_url', type: 'varchar', length: 50, nullable: true })
  shopUrl!: string | null;

  @Column({ name: 'shop_name', type: 'varchar', length: 100, nullable: true })
  shopName!: string | null;

  @Column({ name: 'shop_description', type: 'varchar', length: 499, nullable: true })
  shopDescription!: string | null;

  @Column({ name: 'shop_photo_url', type: 'varchar', length: 2048, nullable: true })
  shopPhotoURL!: string | null;

  @Column({ name: 'is_shop_public', type: 'boolean', default: false })
  isShopPublic!: boolean;

  @Column({ name: 'setup_completed', type: 'boolean', default: false })
  setupCompleted!: boolean;

  @Column({
    name: 'setup_steps',
    type: 'jsonb',
    default: () => `'{"shopUrl": false, "basicInfo": false, "profilePhoto": false}'`,
  })
  setupSteps!: SetupSteps;

  @Column({ name: 'social_media', type: 'jsonb', default: () => `'{}'` })
  socialMedia!: SocialMedia;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  seo!: ShopSeo;

  /** The owner's banners as media-service last announced them (its BannersChanged events). */
  @Column({ type: 'jsonb', default: () => `'{"images": [], "enabled": false}'` })
  banners!: BannerList;

  /** The version of the announcement `banners` comes from: an older one never overwrites it. */
  @Column({ name: 'banners_version', type: 'integer', default: 0 })
  bannersVersion!: number;

  /** The owner's time zone (IANA): products' schedules are entered and shown in it. */
  @Column({ name: 'time_zone', type: 'varchar', length: 64, default: 'Asia/Kolkata' })
  timeZone!: string;

  /** The owner's earnings settings as saved: fields not yet set take DEFAULT_EARNINGS. */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  earnings!: Partial<ShopEarnings>;

  /** How many products the shop has: kept by triggers on products (migration), never written here. */
  @Column({ name: 'product_count', type: 'integer', default: 0, insert: false, update: false })
  productCount!: number;

  /** Set while an admin has hidden it (issue 21): visitors get 410, the owner sees the reason. */
  @Column({ name: 'hidden_at', type: 'timestamptz', nullable: true })
  hiddenAt!: Date | null;

  @Column({ name: 'hidden_reason', type: 'varchar', length: 500, nullable: true })
  hiddenReason!: string | null;

  @Column({ name: 'hidden_by', type: 'uuid', nullable: true })
  hiddenBy!: string | null;

  /** Set while the owner's account is disabled (auth-service tells): visitors get 410. */
  @Column({ name: 'owner_disabled_at', type: 'timestamptz', nullable: true })
  ownerDisabledAt!: Date | null;
  /** The verified custom domain the shop is served at (domains/domains.service.ts keeps it). */
  @Index('shops_custom_domain_key', { unique: true, where: 'custom_domain IS NOT NULL' })
  @Column({ name: 'custom_domain', type: 'varchar', length: 253, nullable: true })
  customDomain!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
