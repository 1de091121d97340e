import { AccountSummary } from './account-summary';
import { BindMobileSection } from './bind-mobile-form';
import { LastLogins } from './last-logins';
import { PaymentPasswordSection } from './payment-password-form';
import { ProfileSection } from './profile-form';

/**
 * securityCenter ("my account", the default member page, spec §2): account basics with the password change, binding
 * a mobile number, the profile, the payment password and the last logins.
 */
export function SecurityCenter() {
  return (
    <div className="security-center" data-testid="security-center">
      <AccountSummary />
      <BindMobileSection />
      <ProfileSection />
      <PaymentPasswordSection />
      <LastLogins />
    </div>
  );
}
