import { BaseModel } from './base-model';
import { User } from './user';

export class Session extends BaseModel {
  static override tableName = 'sessions';
  id!: string;
  userId!: number;
  createdAt!: Date;
  lastSeenAt!: Date;
  expiresAt!: Date;
  ref!: string;
  userAgent!: string | null;
  address!: string | null;
  user?: User;

  static override relationMappings = () => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'sessions.userId', to: 'users.id' } },
  });
}
