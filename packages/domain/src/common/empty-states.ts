/** i18n keys of the empty-list messages. */
export const EMPTY_STATE_KEYS = {
  noJobToShow: 'empty.noJobToShow',
  noApplicantToShow: 'empty.noApplicantToShow',
  noTemplateToShow: 'empty.noTemplateToShow',
  noExactMatches: 'empty.noExactMatches',
  tryChangingFilters: 'empty.tryChangingFilters',
} as const;

/** English texts of {@link EMPTY_STATE_KEYS}. */
export const EMPTY_STATE_I18N_EN: Record<string, string> = {
  'empty.noJobToShow': 'No jobs to show',
  'empty.noApplicantToShow': 'No applicants to show',
  'empty.noTemplateToShow': 'No templates to show',
  'empty.noExactMatches': 'No exact matches',
  'empty.tryChangingFilters': 'Try changing your filters',
};
