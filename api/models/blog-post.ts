import { BaseModel } from './base-model';

export class BlogPost extends BaseModel {
  static override tableName = 'blog_posts';
  id!: number;
  title!: string;
  slug!: string;
  excerpt!: string;
  content!: string;
  author!: string;
  imageUrl!: string | null;
  isPublished!: boolean;
  publishedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}
