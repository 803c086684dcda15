import { createContext, useContext } from "react";
import type { OpsMe } from "@contracts/ops";

/** The signed-in staff member, provided by the /ops layout to every console page behind the login. */
export const StaffContext = createContext<OpsMe | null>(null);

export function useStaff(): OpsMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error("useStaff outside the console's signed-in layout");
  return staff;
}
