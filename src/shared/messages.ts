/**
 * Every user-visible string the spec names, in one place. Server answers, client
 * screens and tests import from here, so a wording change is one edit.
 */

import { LIMITS } from './limits';
import { MODERATION_MSG } from './messages-moderation';
import { REVIEWERS_MSG } from './messages-reviewers';
import { SEASONS_MSG } from './messages-seasons';
import { ACCESS_MSG, COMMON_MSG, HOME_MSG, NAV_MSG, NETWORK_MSG, NOT_FOUND_MSG } from './messages-shell';
import { WINNERS_MSG } from './messages-winners';

const COOLDOWN = `${LIMITS.reapplyCooldownHours} hours`;

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
    nameReserved: 'That display name looks like the Sysfi team’s. Please choose another.',
    emailInUse: 'This email is already in use.',
    invalidEmail: 'Please enter a valid email address.',
    weakPassword: 'Password should be at least 6 characters.',
    network: NETWORK_MSG,
    other: 'Something went wrong. Please try again.',
    logPrefix: 'Error signing up:',
    /** Not in the spec: a display name made only of invisible or control characters. */
    nameInvalid: 'Display name contains characters that are not allowed.',
    nameTooLong: 'Display name must be at most 40 characters.',
    /** Not in the spec: letters of two alphabets in one name (a look-alike of someone else's). */
    nameMixedScripts:
      'Display name mixes letters of different alphabets (for example Latin and Cyrillic). Please write it in one.',
    invalidRole: 'Please choose one of the listed roles.',
  },
  verify: {
    sent: 'Verification email sent! Please check your inbox.',
    sendErrorPrefix: 'Error sending verification email: ',
    success: 'Verification successful! Redirecting to your dashboard...',
    linkInvalid: 'This verification link is invalid or has expired. Send a new one from the app.',
    /** Not in the spec: a link opened in a browser that is not signed in to the account (ADR 0016). */
    confirmTitle: 'Confirm it is you',
    confirmIntro: 'Enter the password of this account to finish verifying its e-mail address.',
    confirmButton: 'Verify my e-mail',
    confirmElsewhere:
      'Not your account? Someone may have signed up with your address. Sign up again with it: an unverified account is replaced by yours.',
    alreadyVerified: 'This address is already verified. Log in with your password.',
    /** Not in the spec: "Change e-mail" on the block discards the unverified sign-up (its name is free again). */
    changeExplained:
      'Change e-mail starts a new sign-up with another address: this unverified one is discarded, and its name is free to use.',
    cannotDiscard: 'This account’s address is verified, so it is kept.',
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
  /** Not in the spec: second factors, signed-in devices, security mail (issue 21). */
  security: {
    passwordRequired: 'Enter your current password.',
    wrongPassword: 'Incorrect password. Please try again.',
    passwordChanged: 'Your password has been changed. Every other device has been signed out.',
    devicesTitle: 'Signed-in devices',
    devicesIntro:
      'Browsers signed in to your account. End any you do not recognise, then change your password.',
    thisDevice: 'This device',
    endSession: 'Sign out',
    endOthers: 'Sign out all other devices',
    sessionEnded: 'That device has been signed out.',
    othersEnded: 'Every other device has been signed out.',
    sessionNotFound: 'That session has already ended.',
    endCurrentRefused: 'This is the device you are using. Use Log out to end it.',
    noPlace: 'Place not looked up',
    linkInvalid: 'This link is invalid or has expired. Sign in and review your devices on your profile.',
    linkEnded: 'That sign-in has been ended. If it was not you, change your password now.',
    codeFormat: 'Enter the 6-digit code from your authenticator app.',
    backupCodeRequired: 'Enter one of your backup codes.',
    codeWrong: 'That code is not right. Check your authenticator app and try again.',
    codeUsed: 'That code has already been used. Wait for the next one in your authenticator app.',
    codeTooMany: 'Too many attempts. Wait a few minutes, then try again.',
    codeStepExpired: 'Your sign-in has expired. Enter your e-mail and password again.',
    twoFactorOn: 'Two-factor authentication is on. Every other device has been signed out.',
    twoFactorOff: 'Two-factor authentication is off.',
    twoFactorAlreadyOn: 'Two-factor authentication is already on.',
    twoFactorNotStarted: 'Start the setup again: scan a new QR code.',
    staffNeeds2fa:
      'Admin and review actions need two-factor authentication. Turn it on in your profile (Security), then try again.',
    /** The admin screens' notice, shown before anything was tried. */
    staffNeeds2faNotice:
      'Admin and review actions need two-factor authentication. Turn it on in your profile (Security) before you approve, reward or reject anything.',
    endByLinkTitle: 'End that sign-in?',
    endByLinkIntro:
      'The sign-in from our alert mail will be signed out on every device at once. Nothing else changes.',
  },
  common: {
    ...COMMON_MSG,
    /** Not in the spec: a write that did not come from the app's own pages (another site's form or script). */
    crossSite:
      'This request did not come from a Sysfi Labs page, so nothing was changed. Reload the page and try again.',
    /** Not in the spec: the database is unreachable (503); the request changed nothing. */
    unavailable: 'The service is briefly unavailable. Nothing was saved; please try again in a moment.',
    /** Not in the spec: a form sent one field (a file, a title) more than once; nothing is kept. */
    repeatedField: (field: string) =>
      `Send each field once: "${field.slice(0, 40)}" came more than once. Nothing was saved.`,
    /** Not in the spec: a list's page cursor that this server did not issue (or for another list). */
    badCursor: 'This page link is not valid. Reload the list to start from the first page.',
    /** Not in the spec: a member's earlier uploads are still being processed (at most two at once per member). */
    uploadInProgress:
      'Your earlier upload is still being processed. Nothing was saved; try again when it has finished.',
    /** Not in the spec: more images waiting to be processed than the server queues. */
    uploadsBusy: 'The server is busy processing images. Nothing was saved; please try again in a moment.',
    /** Not in the spec: a dialog's code could not be downloaded (offline, or a new version was deployed). */
    dialogUnavailable:
      'This form could not be opened. Check your connection, or reload the page, and try again.',
  },
  /** Not in the spec: a form put back what the member typed before (lib/form-draft.ts). */
  draft: {
    restored: 'Draft restored: this is what you typed here before.',
    discard: 'Discard draft',
  },
  /** Not in the spec: why a route sent a signed-in user elsewhere (issue 20: no silent redirects). */
  access: ACCESS_MSG,
  /** Not in the spec: the admin's failed-mail screen. */
  inbox: {
    title: 'Inbox',
    empty: 'Nothing here yet. Reviews of your work and bonuses show up here.',
    markRead: 'Mark read',
    markAllRead: 'Mark all read',
    allRead: 'All notifications marked read.',
    more: 'Load more',
    open: 'Open',
    unread: 'Unread',
    mailTitle: 'E-mail notifications',
    mailIntro:
      'Choose which e-mails you receive. Account mail (verification, password reset, security alerts) is always sent.',
    mailSaved: 'E-mail preferences saved.',
    unsubscribeTitle: 'Unsubscribe',
    unsubscribeAsk: (what: string) => `Stop e-mails about ${what}? You will still see them in your inbox.`,
    unsubscribeButton: 'Unsubscribe',
    unsubscribed: (what: string) =>
      `You will no longer get e-mails about ${what}. You can turn them back on in your profile.`,
    unsubscribeInvalid:
      'This unsubscribe link is not valid or has expired. Change your e-mail settings in your profile.',
  },
  mail: {
    title: 'Failed mail',
    intro: 'Mail that could not be delivered after every retry. Fix the mail server, then send it again.',
    empty: 'No failed mail.',
    retry: 'Send again',
    retried: 'Mail queued again.',
    retryFailed: 'Could not queue this mail again.',
    notFound: 'This mail is not in the failed list any more.',
    unsent: 'Waiting to be sent',
    oldest: 'Oldest waiting',
  },
  profile: {
    updated: 'Profile updated successfully!',
    failed: 'Failed to update profile',
    notFound: 'No profile found',
    loadFailed: 'Failed to load profile data',
    referralCopied: 'Referral link copied!',
    copyLink: 'Copy Link',
    editProfile: 'Edit Profile',
    saveChanges: 'Save Changes',
    cancel: 'Cancel',
    smartConnection: 'Smart Connection',
    /** Not in the spec: the photo upload it implies. */
    photoInvalid: 'Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    photoTooLarge: 'Each image must be smaller than 5MB.',
    photoUpdated: 'Profile photo updated!',
    /** Not in the spec: the profile's time zone (the daily limit and deadlines follow it). */
    timeZoneInvalid: 'Please choose a time zone from the list.',
    timeZoneLabel: 'Time zone',
    timeZoneHint:
      'Your daily contribution limit restarts at midnight here. A change applies from your next day.',
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
  projectApplication: {
    cooldown: `You can reapply only after ${COOLDOWN} of rejection or when pending is resolved.`,
    /** Not in the spec: the rejection mail, and the admin's reject dialog. */
    reapplyAfterDecision: `You can apply again ${COOLDOWN} after this decision.`,
    rejectNotice: `The applicant gets an e-mail and can apply again after ${COOLDOWN}.`,
    startupOnly: 'You must be a startup to submit projects.',
    failed: 'Failed to submit, please try again later.',
    submitted: 'Application submitted! The admin will review it soon.',
    /** Not in the spec: the form after a rejection starts from the rejected application. */
    refilled:
      'Your last application is filled in below. Change what the reason asks for, then send it again as a new application.',
    required: 'Please fill in all required fields.',
    invalidUrl: 'Please enter a valid http(s) URL.',
    /** Admin side (not in the spec): a second decision on one application. */
    alreadyDecided: 'This application has already been reviewed.',
    approveTitle: 'Approve Project Applications',
    bountyTitle: 'Approve Bounties',
    applyTitle: 'Project Approval Application',
    bountyRequestTitle: 'Bounty Request Application',
  },
  project: {
    titleRequired: 'Title is required',
    descriptionRequired: 'Description is required',
    xRequired: 'Official X account is required',
    websiteRequired: 'website is required',
    createFailed: 'Failed to create project, please try again.',
    fetchFailed: 'Failed to fetch projects',
    onlyApproved: 'Only approved startups can create projects',
    noBanner: 'No banner image',
    noGithub: 'No GitHub URL',
    empty: 'No projects found',
    createFirst: 'Create Your First Project',
    imageInvalid: 'Images must be JPEG, PNG, WebP, GIF or AVIF files.',
    imageTooLarge: 'Each image must be smaller than 5MB.',
    /** Not in the spec: the size to make an image, from how the card shows it (first-time-user review). */
    imageSizeHint: (s: { width: number; height: number; ratio: string }) =>
      `Best at ${s.width} × ${s.height} px (${s.ratio}): cards crop to it from the centre.`,
    invalidUrl: 'Please enter a valid http(s) URL.',
    notOwner: 'Only the owner can change this project.',
  },
  contribution: {
    loginRequired: 'Login required.',
    invalidTweet: 'Invalid Tweet URL.',
    /** Not in the spec: why, after the spec's sentence (issue 20). */
    invalidTweetUsername: (username: string, tooLong: boolean) =>
      tooLong
        ? `Invalid Tweet URL. X usernames have at most 15 characters, and “${username.slice(0, 40)}” has ${username.length}.`
        : `Invalid Tweet URL. X usernames contain only letters, digits and underscores.`,
    needLinkOrFile: 'Add a link or upload a file.',
    fileTooLarge: 'Max file size: 20MB',
    duplicate: 'Contribution already made with this link.',
    dailyLimit: 'Max 5 contributions per day.',
    loadFailed: 'Failed to load contributions.',
    uploadFailed: 'Failed to upload file.',
    submitFailed: 'Failed to submit. Try again.',
    submitted: 'Contribution submitted!',
    none: 'No contributions found.',
    invalidTweetCard: 'Invalid tweet URL',
    rejectedFallback: 'Not good enough',
    invalidPoints: 'Enter valid reward points',
    reasonRequired: 'Reason is required',
    rewardContributors: 'Reward Contributors',
    contribute: 'Contribute',
    today: (used: number, limit: number) => `Today: ${used}/${limit}`,
    stats: { approved: 'VC', rejected: 'RC', total: 'TC', successRate: 'SR' },
    seePast: 'See Past Contributions',
    /** Not in the spec. */
    titleRequired: 'Please add a title.',
    invalidTimeZone: 'Your time zone could not be read. Reload the page and try again.',
    alreadyReviewed: 'This contribution has already been reviewed.',
    fileType: 'Files must be an image or a PDF.',
  },
  bounty: {
    required: 'Please fill in all required fields.',
    descriptionWords: 'Description cannot exceed 3000 words.',
    criteria: 'Please select between 2 and 7 criteria.',
    resourceLink: 'Please enter a valid URL for the resources link.',
    imagesMax: 'You can upload up to 5 images.',
    imageSize: 'Each image must be smaller than 5MB.',
    cooldown: `You can only reapply after ${COOLDOWN} from your last submission.`,
    /** Not in the spec: the admin's reject dialog. */
    rejectNotice: `The requester gets an e-mail. They can send a new request ${COOLDOWN} after this one.`,
    failed: 'Failed to submit bounty application. Please try again.',
    noDeadline: 'No deadline',
    expired: 'Expired',
    applyNow: 'Apply Now',
    bountyExpired: 'Bounty Expired',
    applicationSubmitted: 'Application Submitted',
    none: 'No bounties found',
    checkLater: 'Check again later',
    filter: 'Filter Bounties',
    /** Not in the spec. */
    titleTooLong: 'Title must be at most 100 characters.',
    descriptionTooLong: 'Description cannot exceed 20000 characters.',
    rewardTooLong: 'Reward must be at most 50 characters.',
    contactTooLong: 'Contact must be at most 100 characters.',
    deadlinePast: 'The deadline cannot be earlier than today.',
    deadlineInvalid: 'Enter the deadline as a real date before the year 10000.',
    imageInvalid: 'Images must be JPEG, PNG, WebP, GIF or AVIF files.',
    submitted: 'Bounty request submitted! The admin will review it soon.',
    /** Not in the spec: what stays on the page after the toast has gone. */
    sentFor: (title: string) =>
      `“${title}” is submitted and waits for the admin’s review. You will get an e-mail and an inbox note with the decision; it is listed under Your requests meanwhile.`,
    /** Not in the spec: a rejected request fills the form, to be fixed and sent as a new one. */
    reuse: 'Edit and send again',
    reusing: (title: string) =>
      `Started from “${title}”, which was not approved. Change what the admin’s message asks for, then send it as a new request. Images are not copied: add them again.`,
    startEmpty: 'Start empty',
    alreadyInState: 'The application is already in that state.',
    resetBlocked: 'This bounty already has applicants, so it cannot be unpublished.',
    /** The admin's card of such a bounty, in place of the Reject and Reset buttons that cannot work. */
    stayPublished:
      'People have applied, so it stays on the board. To take it down, disable the requester’s account: their bounties leave the board.',
    applyExpired: 'This bounty has expired.',
    alreadyApplied: 'You have already applied for this bounty.',
    pitchRequired: 'Tell the team what you will do.',
    /** Not in the spec: the optional link of an application to a bounty. */
    applyLink: 'Please enter a valid link (http:// or https://).',
    applied: 'Application sent!',
    /** Not in the spec: the countdown on the deadline's own day (shared/rules/bounty.ts). */
    endsToday: 'Ends today',
  },
  grant: {
    unknownProject: 'Unknown Project',
    none: 'No grants found',
    noneMine: "You haven't applied for any grants yet",
    explore: 'Explore Grants',
    mine: 'My Applications',
    apply: 'Apply for Grant',
    viewDetails: 'View Details',
    edit: 'Edit Proposal',
    /** Not in the spec: the apply flow it leaves without behaviour. */
    onePending: 'This project already has a pending grant application.',
    notYourProject: 'You can only apply for grants for your own projects.',
    frozen: 'Only pending proposals can be edited.',
    notYours: 'Only the applicant can change this proposal.',
    alreadyDecided: 'This grant has already been decided.',
    amountInvalid: 'Enter a positive amount.',
    currencyInvalid: 'Enter the currency or token, e.g. USDC.',
    proposalShort: 'The proposal must be at least 50 characters.',
    proposalWords: 'Proposal cannot exceed 3000 words.',
    proposalChars: 'Proposal cannot exceed 20000 characters.',
    projectRequired: 'Choose one of your projects.',
    submitted: 'Grant application submitted!',
    updated: 'Proposal updated!',
  },
  resource: {
    search: 'Search resources...',
    none: 'No resources found matching your criteria',
    view: 'View Resource',
    uploaded: 'Uploaded',
    titleRequired: 'Title is required',
    categoryRequired: 'Category is required',
    invalidLink: 'Please enter a valid http(s) URL.',
  },
  admin: {
    error: 'Error processing action',
    statusErrorPrefix: 'Error updating application status: ',
    unauthorized: 'Unauthorized: Admin only.',
    /** Not in the spec: the CSV export on each admin screen (issue 18). */
    downloadCsv: 'Download CSV',
  },
  home: HOME_MSG,
  nav: NAV_MSG,
  notFound: NOT_FOUND_MSG,
  moderation: MODERATION_MSG,
  reviewers: REVIEWERS_MSG,
  winners: WINNERS_MSG,
  seasons: SEASONS_MSG,
} as const;
