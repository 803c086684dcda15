import { StaffScreen } from "~/ops/staff/StaffScreen";

/** Staff management, for admins (ADR 078). */
export default function OpsStaff() {
  return <StaffScreen />;
}
