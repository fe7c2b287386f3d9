import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ClinicalItem } from '../../../../../../shared/schemas/clinical-item';
import type { Invoice } from '../../../../../../shared/schemas/invoice';
import type { FollowUp, PlanPreview, TreatmentPlan, VisitToBook } from '../../../../../../shared/schemas/treatment-plan';

export type { FollowUp, PlanPreview, VisitToBook };
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';

// PLAN-1..PLAN-13: the treatment plans' endpoints (docs/clinical.md "Treatment plans").

export interface PlanOptionInput {
  name: string;
  itemIds: number[];
  discount?: number;
  lines?: { itemId: number; unitPrice?: number; discount?: number; visit?: number }[];
  visits?: { label?: string; minutes?: number }[];
}

export interface BillableItem {
  itemId: number;
  planId: number | null;
  description: string;
  teeth: string[];
  sacCode: string | null;
  taxRate: number;
  unitPrice: number;
  listPrice: number;
  discount: number;
}



export function usePatientPlans(patientId: number) {
  return useQuery({ queryKey: adminKeys.patientPlans(patientId), queryFn: () => api.get<TreatmentPlan[]>(`/api/admin/patients/${patientId}/treatment-plans`) });
}

/** The patient's planned procedures not yet in a plan's way: read from the chart (CHART-6). */
export function usePlannedItems(patientId: number) {
  return useQuery({
    queryKey: [...adminKeys.patientPlans(patientId), 'planned-items'],
    queryFn: async () => (await api.get<{ items: ClinicalItem[] }>(`/api/admin/patients/${patientId}/chart`)).items.filter((i) => i.kind === 'procedure' && i.status === 'planned' && !i.invalidatedAt),
  });
}

function useInvalidatePlans() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminKeys.plans });
}

export function useCreatePlan(patientId: number) {
  const done = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: { title: string; options: PlanOptionInput[] }) => api.post<TreatmentPlan>(`/api/admin/patients/${patientId}/treatment-plans`, body),
    onSuccess: done,
  });
}

export function useAcceptPlan() {
  const done = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; option: string; signature: string; signedBy: string }) => api.post<TreatmentPlan>(`/api/admin/treatment-plans/${id}/accept`, body),
    onSuccess: done,
  });
}

/** PLAN-8: a change is a new version, proposed again (an accepted plan is signed again). */
export function useUpdatePlan() {
  const done = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; title: string; options: PlanOptionInput[] }) => api.put<TreatmentPlan>(`/api/admin/treatment-plans/${id}`, body),
    onSuccess: done,
  });
}

/** PLAN-7, PLAN-15: the whole plan (no option) or one option, with the patient's reason. */
export function useDeclinePlan() {
  const done = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; option?: string; reason?: string }) => api.post<TreatmentPlan>(`/api/admin/treatment-plans/${id}/decline`, body),
    onSuccess: done,
  });
}

/** PLAN-11: a sitting of an item of the accepted option (the teeth done, whether it is the last). */
export function useRecordSitting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; itemId: number; teeth?: string[]; final?: boolean; note?: string }) => api.post<TreatmentPlan>(`/api/admin/treatment-plans/${id}/sittings`, body),
    onSuccess: (plan) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.plans });
      // The chart shows the item completed after its last sitting.
      void queryClient.invalidateQueries({ queryKey: adminKeys.chart(plan.patientId) });
    },
  });
}

export function usePlanLink() {
  return useMutation({ mutationFn: (id: number) => api.post<{ url: string; expiresAt: string }>(`/api/admin/treatment-plans/${id}/link`, {}) });
}

export function useBillableItems(patientId: number, enabled: boolean) {
  return useQuery({ queryKey: adminKeys.billable(patientId), queryFn: () => api.get<BillableItem[]>(`/api/admin/patients/${patientId}/billable-items`), enabled });
}

export function useInvoiceFromCompleted(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: number[]) => api.post<Invoice>(`/api/admin/patients/${patientId}/invoice-from-completed`, { itemIds }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.plans });
      void queryClient.invalidateQueries({ queryKey: adminKeys.invoices });
      void queryClient.invalidateQueries({ queryKey: adminKeys.patients });
    },
  });
}

export function useVisitsToBook() {
  return useQuery({ queryKey: [...adminKeys.plans, 'to-book'], queryFn: () => api.get<VisitToBook[]>('/api/admin/treatment-plans/to-book') });
}

export function useFollowUps() {
  return useQuery({ queryKey: [...adminKeys.plans, 'follow-up'], queryFn: () => api.get<{ days: number; plans: FollowUp[] }>('/api/admin/treatment-plans/follow-up') });
}

/** PLAN-10: books the appointment at the desk (APPT's staff booking), then links it to the visit. */
export function useBookVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { visit: VisitToBook; preferredDate: string; preferredTime: string }) => {
      const appointment = await api.post<{ id: number }>('/api/admin/appointments', {
        patientId: v.visit.patientId,
        preferredDate: v.preferredDate,
        preferredTime: v.preferredTime,
        // PLAN-23: the visit's treatment, so the diary shows what the visit is for.
        treatment: v.visit.treatment,
        notes: `${v.visit.title}: visit ${v.visit.visit}${v.visit.label ? ` (${v.visit.label})` : ''}, ${v.visit.minutes} min`,
        bookAnyway: true,
      });
      return api.post<TreatmentPlan>(`/api/admin/treatment-plans/${v.visit.planId}/visits/${v.visit.visit}/bookings`, { appointmentId: appointment.id });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.plans });
      void queryClient.invalidateQueries({ queryKey: adminKeys.appointments });
    },
  });
}

/**
 * PLAN-24: the options as saving would price them, asked of the server a quarter second after the last
 * change (options without items are left out), so the editor shows prices and totals before saving.
 */
export function usePlanPreview(patientId: number, planId: number | undefined, options: PlanOptionInput[]) {
  const body = JSON.stringify({ ...(planId === undefined ? {} : { planId }), options: options.filter((o) => o.itemIds.length > 0) });
  const [settled, setSettled] = useState(body);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(body), 250);
    return () => clearTimeout(timer);
  }, [body]);
  return useQuery({
    queryKey: [...adminKeys.plans, 'preview', patientId, settled],
    queryFn: () => api.post<PlanPreview>(`/api/admin/patients/${patientId}/treatment-plans/preview`, JSON.parse(settled) as unknown),
    enabled: options.some((o) => o.itemIds.length > 0),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
