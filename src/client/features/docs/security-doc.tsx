import { Link } from 'react-router';

/** /docs#account-security: signed-in devices, password, second factors (issue 21). */
export function SecurityDoc() {
  return (
    <>
      <p>
        Your profile has a <strong>Signed-in devices</strong> list: every browser signed in to your account,
        with its browser and system, the IP address it signed in from, when it signed in and when it was last
        seen. We do not look up where an IP address is: the address is shown as it is. Sign out any device you
        do not recognise, or all devices but the one you are using, from{' '}
        <Link to="/profile#security" className="text-accent-from underline underline-offset-4">
          your profile
        </Link>
        . A device you sign out is signed out at once, everywhere.
      </p>
      <p>
        Changing your password (on the profile, with your current password) signs out every other device. So
        does resetting it from the login page.
      </p>
    </>
  );
}
