/** A patient as GET /api/admin/patients answers it (SPEC 3). */
export interface Patient {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string | null;
  dateOfBirth: string | null;
  createdAt: string;
}

export function patientName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`.trim();
}
