import { BaseModel } from './base-model';
import { Patient } from './patient';

export interface BillTo {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
}

export class InvoiceItem extends BaseModel {
  static override tableName = 'invoice_items';
  static override numericColumns = ['unitPrice', 'totalPrice'];
  id!: number;
  invoiceId!: number;
  position!: number;
  description!: string;
  sacCode!: string | null;
  quantity!: number;
  unitPrice!: number;
  totalPrice!: number;
}

export class Invoice extends BaseModel {
  static override tableName = 'invoices';
  static override numericColumns = ['subtotal', 'taxPercentage', 'taxAmount', 'totalAmount'];
  static override jsonAttributes = ['billTo'];
  id!: number;
  invoiceNumber!: string;
  financialYear!: string;
  sequence!: number;
  patientId!: number | null;
  billTo!: BillTo;
  issueDate!: string;
  dueDate!: string | null;
  subtotal!: number;
  taxPercentage!: number;
  taxAmount!: number;
  totalAmount!: number;
  status!: 'pending' | 'paid';
  paidOn!: string | null;
  notes!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
  patient?: Patient | null;
  items?: InvoiceItem[];

  static override relationMappings = () => ({
    patient: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Patient,
      join: { from: 'invoices.patientId', to: 'patients.id' },
    },
    items: {
      relation: BaseModel.HasManyRelation,
      modelClass: InvoiceItem,
      join: { from: 'invoices.id', to: 'invoice_items.invoiceId' },
    },
  });
}
