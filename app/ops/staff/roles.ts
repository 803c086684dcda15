import type { StaffRole } from "@contracts/ops";

/** The roles in the order the console offers them: the least rights first. */
export const STAFF_ROLE_CHOICES: readonly StaffRole[] = ["editor", "publisher", "admin"];
