import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** What an image is for: the upload routes' three kinds, and banners. */
export type StoredKind = 'product' | 'profile' | 'shop' | 'banner';

interface VariantFacts {
  contentType: string;
  bytes: number;
  width: number;
  height: number;
}

/** The variants the background job made; none until it has run. */
export interface ImageVariants {
  thumbnail?: VariantFacts;
  /** Phone-sized (VARIANT_WIDTHS.medium wide): none for images stored before it was made. */
  medium?: VariantFacts;
  /** WebP copies of the primary and medium variants of a JPEG or PNG, when smaller. */
  webp?: VariantFacts;
  mediumWebp?: VariantFacts;
  /** The 1200×630 JPEG share card, of shop photos and product images only. */
  card?: VariantFacts;
}

/**
 * One uploaded image, after its primary variant was made and stored. A row exists only once
 * its blob does (the worker writes the blob first), so no row ever points at nothing.
 */
@Entity({ name: 'images' })
export class ImageEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('images_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: StoredKind;

  @Column({ name: 'content_type', type: 'varchar', length: 32 })
  contentType!: string;

  @Column({ type: 'int' })
  width!: number;

  @Column({ type: 'int' })
  height!: number;

  @Column({ type: 'int' })
  bytes!: number;

  /** Digest of the primary variant's bytes (its ETag). */
  @Column({ type: 'varchar', length: 100 })
  digest!: string;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  variants!: ImageVariants;

  @Column({ name: 'original_filename', type: 'varchar', length: 255 })
  originalFilename!: string;

  /** What the client sent as `metadata` with POST /photos/upload, if anything. */
  @Column({ type: 'jsonb', nullable: true })
  metadata!: Record<string, unknown> | null;

  /**
   * When the image sweep first found no shop, product or profile naming this image (cleared
   * when a later sweep finds one): it is deleted once this is older than the grace period.
   */
  @Column({ name: 'unreferenced_since', type: 'timestamptz', nullable: true })
  unreferencedSince!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
