export { createStaffAuth, type StaffAuth, type StaffCaller } from './staff-auth';
