import type { Job } from '@candid/domain';
import { useCallback, useMemo } from 'react';
import { useViewAsStore } from '../../../common/stores/view-as-store';
import { useDepartments } from '../../common/departments/departments-api';
import { useSessionUser } from '../../common/session/session-actions';

/** Who owns a job and where it belongs, as a job card or row names them. */
export interface JobLabels {
  /** The owner's name when someone else of the organisation owns the job; null for one's own. */
  ownerName: string | null;
  /** The job's department, on plans with departments; null without one. */
  departmentName: string | null;
}

/**
 * Organisations: in a team's job list, the jobs of other members say whose they are,
 * and with departments, which department they belong to. One's own jobs (the viewed account's,
 * while an admin views as someone) carry no owner label, so a one-person organisation sees none.
 */
export function useJobLabels(): (job: Job) => JobLabels {
  const user = useSessionUser();
  const viewAsId = useViewAsStore((state) => state.viewAs?._id ?? null);
  const departments = useDepartments(user);
  const meId = viewAsId ?? user?._id ?? null;
  const departmentNames = useMemo(
    () => new Map((departments.data ?? []).map((department) => [department._id, department.name])),
    [departments.data],
  );
  return useCallback(
    (job: Job) => {
      const owner = job.owner;
      const ownerName =
        owner && meId && owner._id !== meId
          ? `${owner.fName} ${owner.lName ?? ''}`.trim() || owner.email || null
          : null;
      const departmentName = job.departmentId
        ? (departmentNames.get(job.departmentId) ?? null)
        : null;
      return { ownerName, departmentName };
    },
    [meId, departmentNames],
  );
}
