/** What the rest of the app may use of the reports feature; its other files are its own. */
export { useGetReportOverviewQuery } from './api';
export { ChangeText } from './components/OverviewCards';
export { type Change, changeOf, lastDays, type ReportLink, reportsPath, todayIn } from './report-format';
