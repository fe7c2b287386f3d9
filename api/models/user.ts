import type { StaffRole } from '../../shared/constants/roles';
import { BaseModel } from './base-model';

export class User extends BaseModel {
  static override tableName = 'users';
  id!: number;
  email!: string;
  displayName!: string;
  passwordHash!: string;
  role!: StaffRole;
  disabledAt!: Date | null;
  mustChangePassword!: boolean;
  createdAt!: Date;
  updatedAt!: Date;

  /** What the client stores as the signed-in user: never the hash. */
  toPublic() {
    return { id: this.id, email: this.email, name: this.displayName, role: this.role, mustChangePassword: this.mustChangePassword };
  }
}
