/**
 * Every user-visible string the spec names, in one place. Server answers, client
 * screens and tests import from here, so a wording change is one edit.
 */
export const MSG = {
  login: {
    required: 'Please fill in all fields',
    invalidEmail: 'The email address is not valid.',
    disabled: 'This user account has been disabled.',
    notFound: 'No account found with this email.',
    wrongPassword: 'Incorrect password. Please try again.',
    tooMany: 'Too many attempts. Please wait a moment before trying again.',
    failed: 'Failed to log in. Please try again.',
  },
  signup: {
    required: 'Please fill in all fields.',
    mismatch: 'Passwords do not match.',
    tooShort: 'Password must be at least 6 characters.',
    nameTaken: 'Display name is already taken.',
    emailInUse: 'This email is already in use.',
    invalidEmail: 'Please enter a valid email address.',
    weakPassword: 'Password should be at least 6 characters.',
    network: 'Network error. Please try again.',
    other: 'Something went wrong. Please try again.',
    logPrefix: 'Error signing up:',
    /** Not in the spec: a display name made only of invisible or control characters. */
    nameInvalid: 'Display name contains characters that are not allowed.',
    nameTooLong: 'Display name must be at most 40 characters.',
    invalidRole: 'Please choose one of the listed roles.',
  },
  verify: {
    sent: 'Verification email sent! Please check your inbox.',
    sendErrorPrefix: 'Error sending verification email: ',
    success: 'Verification successful! Redirecting to your dashboard...',
    linkInvalid: 'This verification link is invalid or has expired. Send a new one from the app.',
  },
  reset: {
    sent: 'If an account exists for this email, a reset link is on its way.',
    done: 'Your password has been changed. You can log in now.',
    invalid: 'This reset link is invalid or has expired.',
  },
  auth: {
    loginRequired: 'Login required.',
    verifyRequired: 'Please verify your email address first.',
    adminOnly: 'Unauthorized: Admin only.',
    forbidden: 'You do not have access to this.',
  },
  common: {
    notFound: 'Not found.',
    invalidInput: 'Some fields are not valid.',
    tooLarge: 'The request is too large.',
    server: 'Something went wrong. Please try again.',
    tooMany: 'Too many attempts. Please wait a moment before trying again.',
  },
  profile: {
    updated: 'Profile updated successfully!',
    failed: 'Failed to update profile',
    notFound: 'No profile found',
    loadFailed: 'Failed to load profile data',
    referralCopied: 'Referral link copied!',
    smartConnection: 'Smart Connection',
    /** Not in the spec: the photo upload it implies. */
    photoInvalid: 'Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    photoTooLarge: 'Each image must be smaller than 5MB.',
    photoUpdated: 'Profile photo updated!',
  },
  leaderboard: {
    title: 'Top 50 Contributors',
    lastUpdated: 'Last updated',
    yourRank: 'Your Current rank',
    xpPoints: 'XP Points',
  },
  dashboard: {
    emptyActivity: 'No recent activity. Start by creating a project or applying for bounties and grants!',
    recent: 'Recent',
    mintNft: 'Mint NFT',
  },
  home: {
    title: 'Welcome to Sysfi Labs',
    tagline:
      'Contribute to the ecosystem, discover projects, claim bounties, apply for grants and access resources — and earn XP for every step.',
    ctaSignedIn: 'Go to Dashboard',
    ctaSignedOut: 'Get Started',
    learnMore: 'Learn more',
  },
  notFound: { back: 'Back to Home', goBack: 'Go Back' },
} as const;
