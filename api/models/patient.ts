import { BaseModel } from './base-model';

export class Patient extends BaseModel {
  static override tableName = 'patients';
  id!: number;
  fileNumber!: string;
  guardianId!: number | null;
  mergedIntoId!: number | null;
  mergedAt!: Date | null;
  firstName!: string;
  lastName!: string;
  email!: string | null;
  phone!: string;
  address!: string | null;
  dateOfBirth!: string | null;
  allergies!: string;
  conditions!: string;
  medications!: string;
  notes!: string;
  createdAt!: Date;
  updatedAt!: Date;
}
