import { BaseModel } from './base-model';

export class SiteSetting extends BaseModel {
  static override tableName = 'site_settings';
  static override idColumn = 'key';
  key!: string;
  value!: string;
  updatedAt!: Date;
}
