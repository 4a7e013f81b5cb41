// The Reporting page's texts, defined once (docs/production.md "Reporting").

export const REPORTING_HEADING = 'Reporting'
export const PERIOD_LABEL = 'Quarter'
export const OVERVIEW_TAB = 'Overview'
export const TTB_TAB = 'TTB'
export const NOT_ALLOWED = 'Reports are for Managers and Admins. Ask an Admin of your brewery for access.'
export const LOAD_FAILED = (what: string, message: string) => `Could not load ${what}: ${message}`
export const RETRY = 'Try again'

export const PRODUCTION_TITLE = 'Production'
export const PRODUCTION_EMPTY = 'Nothing was brewed or packaged in this period.'
export const LOSSES_TITLE = 'Losses'
export const LOSSES_EMPTY = 'No beer was lost, dumped or sampled in this period.'
export const EFFICIENCY_TITLE = 'Brewhouse efficiency'
export const EFFICIENCY_EMPTY =
  'No brew of this period has its gravity and volume into the fermenter measured.'
export const BATCH_COST_TITLE = 'Batch cost'
export const BATCH_COST_EMPTY = 'No batch was brewed in this period.'
export const UNIT_COST_TITLE = 'Cost per unit of finished goods'
export const UNIT_COST_EMPTY = 'Nothing was packaged in this period.'
export const INVENTORY_VALUE_TITLE = 'Inventory value'
export const INVENTORY_VALUE_EMPTY = 'This period has not begun yet.'
export const COST_NOTE =
  'Costs are what the batches took from inventory, first in first out: the lots’ costs of the ingredients brew day consumed and of the packaging materials each run used. A batch’s ingredients are spread over all the barrels it brewed: beer still in tanks is valued at its batch’s cost per barrel, packaged units carry the share of the barrels they hold, and beer dumped, lost or broken is the month’s loss.'
export const COST_INCOMPLETE = 'cost incomplete (stock used before it was received)'
export const DOWNLOAD_CSV = 'Download CSV'
export const DOWNLOAD_PDF = 'Download PDF'
export const DAILY_RECORDS_CSV = 'Daily records (CSV)'
export const DOWNLOAD_FAILED = (message: string) => `The download failed: ${message}`

export const FORM_NAMES = {
  '5130.26': "TTB F 5130.26 · Quarterly Brewer's Report of Operations",
  '5130.9': "TTB F 5130.9 · Brewer's Report of Operations (monthly)",
  '5000.24': 'TTB F 5000.24 · Excise Tax Return',
} as const
export const MONTH_LABEL = 'Month or quarter'
export const DRILL_DOWN = (ref: string, label: string, barrels: string) =>
  `Show the events of line ${ref}, ${label}: ${barrels} bbl`
export const DRILL_TITLE = (ref: string, label: string) => `Line ${ref}: ${label}`
export const DRILL_EMPTY = 'No event stands behind this line.'
export const DRILL_TOTAL = 'Sum of the events'
export const UNCLASSIFIED = (count: number) =>
  `${count} ledger event${count === 1 ? ' has' : 's have'} a TTB class the reports do not know; they count on no line.`
export const CLOSED_AT = (when: string, hash: string) => `Closed ${when} · sha-256 ${hash.slice(0, 12)}…`
export const OPEN_PERIOD = 'Open: figures change as the ledger does.'
export const TAX_TOTAL = 'Tax due'

export const RECONCILIATION_TITLE = 'Reconciliation with the physical inventory'
export const RECONCILIATION_EMPTY = 'No month of this period has a physical inventory yet.'
export const NOT_COUNTED = 'Not counted'
export const UNEXPLAINED = (barrels: string) =>
  `${barrels} bbl of packaged beer short and not explained: taxed on the 5000.24`
export const COUNT_TITLE = 'Physical inventory'
export const COUNT_HINT =
  'Count at the end of the month (from its last day). A shortage of packaged beer is taxed unless you say what caused it; a bulk shortage is reported, not taxed.'
export const COUNT_NONE = 'No month of this period has ended yet: count on the last day of the month.'
export const COUNT_SAVE = 'Save count'
export const CAUSES_TITLE = 'What caused a shortage'
export const CAUSE_ADD = 'Add a cause'
export const CAUSE_REMOVE = (index: number) => `Remove cause ${index + 1}`
export const REMARKS_TITLE = 'Remarks'
export const REMARKS_EMPTY = 'Nothing to remark: no adjustment, loss or count difference.'
export const BALANCES = 'The form balances.'
export const UNBALANCED = 'The form does not balance: a ledger event is missing its other side.'
export const AMOUNTS_TITLE = 'Calculation of tax due'
export const SCHEDULE_A = 'Schedule A: adjustments increasing the amount due'
export const SCHEDULE_B = 'Schedule B: adjustments decreasing the amount due'
export const RETURN_PERIOD_LABEL = 'Return period'

/** A report's days: from its first to the day after its last, each from midnight in the brewery's time zone. */
export const PERIOD_SPAN = (from: string, to: string, timeZone: string) =>
  `${from} to ${to} (exclusive), days from midnight ${timeZone.replaceAll('_', ' ')}`
/** Under the Reporting heading: the zone every report's days are cut in (ADR 224, ADR 260). */
export const REPORTS_ZONE = (timeZone: string) =>
  `Days run from midnight ${timeZone.replaceAll('_', ' ')}, the brewery’s time zone (Settings → Tax).`
export const CLOSE_PERIOD = 'Close period'
export const CLOSE_TITLE = (form: string, period: string) => `Close ${period} of TTB F ${form}?`
export const CLOSE_DESCRIPTION =
  'The report is stored as it stands, with your name, the time and a content hash. It cannot be edited afterwards: a later correction appears as an adjustment in a later period.'
export const CLOSE_CONFIRM = 'Close period'
export const CLOSE_QUEUED = (form: string, period: string) => `Closing ${period} of TTB F ${form}`

export const TAX_HEADING = 'Tax'
export const TAX_ONLY_ADMINS = 'Only Admins see and change the brewery’s tax settings.'
export const TAX_FIELDS = {
  reducedRateEligible: 'Eligible for the reduced rate ($3.50 on the first 60,000 barrels of a calendar year)',
  controlledGroupSharePercent: 'Share of a controlled group (%)',
  exciseFilingFrequency: 'Excise return filed',
  operationsReportFrequency: "Brewer's Report of Operations filed",
  brewersNoticeNumber: "Brewer's Notice number",
  timeZone: 'Brewery time zone',
} as const
export const TIME_ZONE_HINT =
  'Days begin at midnight here: today on the cellar dashboard and the schedule, and every report’s months, quarters and years.'
export const TIME_ZONE_BROWSER = (zone: string) => `This device is set to ${zone}.`
export const TIME_ZONE_FIXED = (period: string, form: string) =>
  `It stays as it is: ${period} (TTB F ${form}) is closed, and closed periods were cut at midnight here.`
export const SAVE = 'Save'
/** The Events count of a production or losses row (ADR 419). */
export const ROW_EVENTS = (count: number, label: string) =>
  `${count} ${count === 1 ? 'event' : 'events'} behind ${label}: list them`
export const ROW_EVENTS_TITLE = (label: string) => `Events behind ${label}`
export const ROW_EVENTS_EMPTY =
  'No event stands behind this row now: the books changed since the table was read.'
