import { CustomerManagement } from '@/features/customers/components/customer-management';
import { PosDashboard } from '@/features/pos/pos-dashboard';

/** The POS dashboard with the customers feature's management panel in its Customers modal. */
export function PosDashboardView() {
  return <PosDashboard customersPanel={<CustomerManagement withHeading={false} />} />;
}
