import { useEffect } from "react";
import { useNavigate } from "react-router";
import { setNavigator } from "~/routing/navigation";
import { ADDRESS_LIST_PAGE, checkAddressBinding, checkLogin, checkPromotions } from "~/account/flows";
import { useHasPage } from "~/routing/page-paths";

/**
 * What every page load checks once the stored session is adopted (NavigationEffects runs first): the login state
 * (spec §4), then the first-visit promotion, then the VIP address prompt, one after the other so that at most one
 * dialog opens. It also lends the router to code outside components (the API client's code-4 handling).
 */
export function SessionEffects() {
  const navigate = useNavigate();
  const hasAddressPage = useHasPage()(ADDRESS_LIST_PAGE);

  useEffect(() => {
    setNavigator((to) => void navigate(to));
    return () => setNavigator(null);
  }, [navigate]);

  useEffect(() => {
    void (async () => {
      await checkLogin();
      await checkPromotions();
      await checkAddressBinding(hasAddressPage);
    })();
  }, []);

  return null;
}
