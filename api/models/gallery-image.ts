import { BaseModel } from './base-model';

export class GalleryImage extends BaseModel {
  static override tableName = 'gallery_images';
  id!: number;
  title!: string;
  description!: string | null;
  imageUrl!: string;
  thumbnailUrl!: string | null;
  category!: string | null;
  isActive!: boolean;
  /** `order` in the API (a reserved word in SQL, so the column is sort_order). */
  sortOrder!: number;
  createdAt!: Date;
  updatedAt!: Date;
}
