/** An appointment as GET /api/admin/appointments answers it (SPEC 3). */
export interface Appointment {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  treatment: string;
  /** yyyy-MM-dd */
  preferredDate: string;
  /** HH:mm */
  preferredTime: string;
  notes: string | null;
  status: string;
  createdAt?: string;
}
