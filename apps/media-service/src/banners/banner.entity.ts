import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One banner of an owner's shop. Its id is its image's id: the image is stored with it. */
@Entity({ name: 'banners' })
export class BannerEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('banners_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 250, default: '' })
  alt!: string;

  @Column({ type: 'varchar', length: 2048, default: '' })
  link!: string;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  order!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** Per owner: whether the banners show, and a counter every banner change raises. */
@Entity({ name: 'banner_settings' })
export class BannerSettingsEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  /** Sent with each change event, so that shop-service never keeps an older list over a newer. */
  @Column({ type: 'int', default: 0 })
  version!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
