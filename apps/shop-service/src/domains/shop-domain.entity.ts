import type { CustomDomainStatus } from '@kartlink/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
} from 'typeorm';
import { ShopEntity } from '../shops/shop.entity';

/**
 * A shop's custom domain (one per shop) and what its DNS checks found. A domain is claimed by
 * one shop at a time (unique); once verified, shops.custom_domain holds it for the public reads.
 */
@Entity({ name: 'shop_domains' })
export class ShopDomainEntity {
  @PrimaryColumn({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  /** Goes with its shop (an account's deletion). */
  @OneToOne(() => ShopEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shop_id' })
  shop?: ShopEntity;

  @Index('shop_domains_user_id_key', { unique: true })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Index('shop_domains_domain_key', { unique: true })
  @Column({ type: 'varchar', length: 253 })
  domain!: string;

  /** The TXT record's token: the owner proves control of the domain's DNS with it. */
  @Column({ type: 'varchar', length: 64 })
  token!: string;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  status!: CustomDomainStatus;

  @Column({ name: 'cname_ok', type: 'boolean', nullable: true })
  cnameOk!: boolean | null;

  @Column({ name: 'txt_ok', type: 'boolean', nullable: true })
  txtOk!: boolean | null;

  /** What the last check found wrong, for the owner. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  problem!: string | null;

  @Column({ name: 'checked_at', type: 'timestamptz', nullable: true })
  checkedAt!: Date | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  /** Set by the first failed check of a verified domain, cleared by the next success. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince!: Date | null;

  /** Failed checks in a row: the background checks of an unverified domain back off with it. */
  @Column({ type: 'integer', default: 0 })
  failures!: number;

  @Index('shop_domains_next_check_at')
  @Column({ name: 'next_check_at', type: 'timestamptz', default: () => 'now()' })
  nextCheckAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
