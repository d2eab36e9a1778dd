/**
 * i18n keys of every validation message. Zod schemas in this package put these
 * keys in their issue messages, so a form shows `t(issue.message)`.
 */
export const VALIDATION_KEYS = {
  REQUIRED_VALIDATE: 'validation.REQUIRED_VALIDATE',
  EMAIL_VALIDATE: 'validation.EMAIL_VALIDATE',
  PHONE_VALIDATE: 'validation.PHONE_VALIDATE',
  PASSWORD_VALIDATE: 'validation.PASSWORD_VALIDATE',
  CONFIRM_PASSWORD_VALIDATE: 'validation.CONFIRM_PASSWORD_VALIDATE',
  PASS_NOT_MATCH_VALIDATE: 'validation.PASS_NOT_MATCH_VALIDATE',
  OUT_OF_RANGE_VALIDATE: 'validation.OUT_OF_RANGE_VALIDATE',
  OTP_VALIDATE: 'validation.OTP_VALIDATE',
  CV_FORMAT_VALIDATE: 'validation.CV_FORMAT_VALIDATE',
  IMAGE_FORMAT_VALIDATE: 'validation.IMAGE_FORMAT_VALIDATE',
  FILE_TOO_LARGE: 'validation.FILE_TOO_LARGE',
  OUTSIDE_LIMITS: 'validation.OUTSIDE_LIMITS',
  TEXT_TOO_LONG_VALIDATE: 'validation.TEXT_TOO_LONG_VALIDATE',
  REQUIRED_FIELDS_MISSING: 'validation.REQUIRED_FIELDS_MISSING',
  ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES: 'validation.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES',
  ANSWER_TYPE_REQUIRED: 'validation.ANSWER_TYPE_REQUIRED',
  ANSWER_TYPE_NOT_ACCEPTED: 'validation.ANSWER_TYPE_NOT_ACCEPTED',
  OPTIONS_REQUIRED: 'validation.OPTIONS_REQUIRED',
  QUESTIONS_REQUIRED: 'validation.QUESTIONS_REQUIRED',
  INVALID_VALUE: 'validation.INVALID_VALUE',
  UNSTORABLE_TEXT_VALIDATE: 'validation.UNSTORABLE_TEXT_VALIDATE',
  DUPLICATE_EMAIL_VALIDATE: 'validation.DUPLICATE_EMAIL_VALIDATE',
  DUPLICATE_DEPARTMENT_VALIDATE: 'validation.DUPLICATE_DEPARTMENT_VALIDATE',
  ALREADY_APPLICANT_VALIDATE: 'validation.ALREADY_APPLICANT_VALIDATE',
  CLOSING_DATE_PAST_VALIDATE: 'validation.CLOSING_DATE_PAST_VALIDATE',
  WEBHOOK_URL_VALIDATE: 'validation.WEBHOOK_URL_VALIDATE',
  COLOUR_VALIDATE: 'validation.COLOUR_VALIDATE',
  ACCENT_CONTRAST_VALIDATE: 'validation.ACCENT_CONTRAST_VALIDATE',
  CV_HINT: 'validation.CV_HINT',
  IMAGE_HINT: 'validation.IMAGE_HINT',
} as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

/** English texts of {@link VALIDATION_KEYS} (wording where it gives one). */
export const VALIDATION_I18N_EN: Record<ValidationKey, string> = {
  'validation.REQUIRED_VALIDATE': 'This field is required',
  'validation.EMAIL_VALIDATE': 'Please enter a valid email',
  'validation.PHONE_VALIDATE': 'Please enter a valid phone number',
  'validation.PASSWORD_VALIDATE':
    'The password must include at least 6 characters, number, both upper and lower case letters',
  'validation.CONFIRM_PASSWORD_VALIDATE': 'The passwords do not match',
  'validation.PASS_NOT_MATCH_VALIDATE': 'The new passwords do not match',
  'validation.OUT_OF_RANGE_VALIDATE': 'The number must be within range',
  'validation.OTP_VALIDATE': 'Please enter the 6-digit code',
  'validation.CV_FORMAT_VALIDATE': 'Please upload an acceptable document format (DOC, DOCX, PDF)',
  'validation.IMAGE_FORMAT_VALIDATE': 'Please upload an image file',
  'validation.FILE_TOO_LARGE': 'File size is too large',
  'validation.OUTSIDE_LIMITS': 'Outside limits',
  'validation.TEXT_TOO_LONG_VALIDATE': 'This text is longer than its character limit',
  'validation.REQUIRED_FIELDS_MISSING': 'Required fields missing',
  'validation.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES':
    'This answer type is not available on multiple tries',
  'validation.ANSWER_TYPE_REQUIRED': 'Please choose one answer type',
  'validation.ANSWER_TYPE_NOT_ACCEPTED':
    'Choose video, text or code as the answer type (text and code cannot be combined)',
  'validation.OPTIONS_REQUIRED': 'Please add at least two options',
  'validation.QUESTIONS_REQUIRED': 'Please add at least one question',
  'validation.INVALID_VALUE': 'This value is not valid',
  'validation.UNSTORABLE_TEXT_VALIDATE': 'This text contains a character that cannot be saved',
  'validation.DUPLICATE_EMAIL_VALIDATE': 'This email appears earlier in the list',
  'validation.DUPLICATE_DEPARTMENT_VALIDATE': 'There is already a department by that name',
  'validation.ALREADY_APPLICANT_VALIDATE': 'This person is already an applicant for this job',
  'validation.CLOSING_DATE_PAST_VALIDATE': 'The closing date must be in the future',
  'validation.WEBHOOK_URL_VALIDATE':
    'Please enter an https:// address (http:// only for localhost or 127.0.0.1)',
  'validation.COLOUR_VALIDATE': 'Please enter a color as # and six hex digits, e.g. #1d4ed8',
  'validation.ACCENT_CONTRAST_VALIDATE':
    'This color is too light: white text on it (and it on white) is below the 4.5:1 contrast people need to read it. Choose a darker color',
  'validation.CV_HINT': 'DOC, DOCX, PDF (5MB)',
  'validation.IMAGE_HINT': 'Square image, up to 200 KB',
};
