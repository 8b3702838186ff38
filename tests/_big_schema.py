"""A generated business database of 300+ tables, for testing schemas of real size.

`bigco` is the ERP of a mid-sized company that makes, stocks, sells and ships goods: sales,
catalogue, inventory, procurement, logistics, HR, finance, marketing, support, manufacturing,
projects and a few system tables, about 170 core tables written out below, plus the secondary
tables real ERPs grow around them (`order_history`, `invoice_notes`, `shipment_attachments`,
`customer_tags`, `product_external_ids`, ...). Everything is deterministic: the same Schema,
DDL and questions on every run, with no dump checked in.

- `big_schema()` is what a MariaDB source introspects from `mysql_ddl()` (see its docstring
  for how types, keys, order and rows are spelled).
- `mysql_ddl(database)` / `sqlite_ddl()` create it (with a few rows in some tables).
- `QUESTIONS` are decisions a manager would ask about, each with the tables it needs.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from planrag.schema import Column, Entity, ForeignKey, Schema
from tests import _ddl as ddl
from tests._ddl import Spec

__all__ = ["QUESTIONS", "big_schema", "mysql_ddl", "sqlite_ddl", "table_specs"]

DATABASE = "bigco"

TYPES = {
    "INT": "INT(11)",
    "BIG": "BIGINT(20)",
    "SMALL": "SMALLINT(6)",
    "BOOL": "TINYINT(1)",
    "MONEY": "DECIMAL(12,2)",
    "PCT": "DECIMAL(5,2)",
    "QTY": "DECIMAL(12,3)",
    "HOURS": "DECIMAL(6,2)",
    "RATE": "DECIMAL(12,6)",
    "NAME": "VARCHAR(100)",
    "CODE": "VARCHAR(20)",
    "EMAIL": "VARCHAR(255)",
    "PHONE": "VARCHAR(40)",
    "LONG": "VARCHAR(255)",
    "TS": "DATETIME",
}
"""Shorthands of the specs below; each expands to the spelling MariaDB's COLUMN_TYPE reports
(upper-cased), so the DDL and `big_schema()` agree."""


@dataclass(frozen=True, slots=True)
class _Core:
    name: str
    comment: str
    fk: str
    """Referenced tables, space-separated; `table>column` names the column (default: the
    singular of the table plus `_id`)."""
    cols: str
    """`name TYPE 'comment'` items separated by `;` (TYPE may be a shorthand of TYPES)."""
    more: str = ""
    """Secondary tables to grow: h history, n notes, a attachments, t tags, x external ids."""
    key: str = ""
    """A composite primary key (space-separated columns) instead of a surrogate `id`."""


def _t(name: str, comment: str, fk: str, cols: str, more: str = "", key: str = "") -> _Core:
    return _Core(name, comment, fk, cols, more, key)


# ---------------------------------------------------------------------------------------
# The core tables, by business area.

_SYSTEM = [
    _t("countries", "Countries we sell to, buy from or operate in", "currencies",
       "iso_code CHAR(2) 'ISO 3166-1 alpha-2 code'; name NAME; region_name NAME 'Continent or "
       "trade bloc'; vat_rate PCT 'Standard VAT or GST rate'; is_eu BOOL; phone_prefix CODE"),
    _t("currencies", "Currencies used on orders, invoices and bank accounts", "",
       "code CHAR(3) 'ISO 4217 code'; name NAME; symbol VARCHAR(5); decimals SMALLINT(6); "
       "is_base BOOL 'The reporting currency of the group'"),
    _t("exchange_rates", "Daily exchange rates between currencies",
       "currencies>from_currency_id currencies>to_currency_id",
       "rate_date DATE; rate RATE 'Units of the target currency per unit of the source'; "
       "rate_source CODE 'ECB, bank or manual'"),
    _t("app_users", "Login accounts of the ERP; audit columns point here", "employees",
       "username CODE; email EMAIL; display_name NAME; last_login_at TS; is_admin BOOL; "
       "locale CODE; time_zone VARCHAR(40)", "x"),
    _t("audit_events", "Row changes recorded by the ERP for auditors", "app_users",
       "table_name VARCHAR(64); row_id BIGINT(20); action CODE 'insert, update or delete'; "
       "occurred_at TS; ip_address VARCHAR(45); payload TEXT"),
    _t("system_settings", "Configuration values of the ERP", "app_users>updated_by_user_id",
       "setting_key VARCHAR(100); setting_value TEXT; description LONG"),
    _t("data_imports", "File imports from other systems and how they went", "app_users",
       "file_name LONG; source_system CODE; rows_read INT; rows_rejected INT; started_at TS; "
       "finished_at TS; status CODE"),
    _t("scheduled_jobs", "Batch jobs the ERP runs on a timetable", "app_users>owner_user_id",
       "job_name NAME; cron_expression VARCHAR(40); last_run_at TS; next_run_at TS; "
       "last_status CODE; last_error TEXT"),
    _t("notifications", "Messages the ERP sent to its users", "app_users",
       "channel CODE 'email, sms or in-app'; subject LONG; body TEXT; sent_at TS; read_at TS"),
    _t("units_of_measure", "Units products are counted, weighed or measured in", "",
       "code CODE; name NAME; dimension CODE 'mass, length, volume or count'; "
       "base_factor RATE 'Multiplier to the base unit of the dimension'"),
    _t("public_holidays", "Public holidays per country, for lead times and rosters", "countries",
       "holiday_date DATE; name NAME; is_half_day BOOL"),
]

_SALES = [
    _t("sales_regions", "Sales regions: the top level of the sales organisation",
       "employees>manager_id currencies",
       "region_code CODE; name NAME; annual_target MONEY 'Revenue target for the current year'; "
       "headquarters_city NAME", "h"),
    _t("sales_territories", "Territories within a sales region, each covered by reps",
       "sales_regions countries",
       "name NAME; postal_prefixes LONG 'Postal code prefixes the territory covers'; "
       "is_vacant BOOL 'No rep assigned at the moment'"),
    _t("sales_reps", "Sales representatives and their quotas", "employees sales_territories",
       "quota MONEY 'Quarterly revenue quota'; commission_rate PCT; rep_level CODE 'junior, "
       "senior or key-account'; started_in_role DATE", "n"),
    _t("customer_segments", "Segments customers are grouped into for pricing and marketing", "",
       "name NAME; description LONG; min_annual_revenue MONEY; "
       "discount_pct PCT 'Default discount for the segment'"),
    _t("customers", "Customer accounts: the companies and people who buy from us",
       "customer_segments sales_regions sales_reps>account_manager_id currencies price_lists",
       "customer_number CODE 'Account number printed on invoices'; company_name NAME; "
       "contact_email EMAIL; phone PHONE; credit_limit MONEY; payment_terms_days SMALLINT(6) "
       "'Days until an invoice is due'; first_order_date DATE; lifetime_value MONEY 'Revenue to "
       "date, refreshed nightly'; is_key_account BOOL 'Large account with a dedicated manager'; "
       "churned_on DATE", "hnatx"),
    _t("customer_addresses", "Billing and delivery addresses of customers",
       "customers countries",
       "address_type CODE 'billing or shipping'; line1 LONG; line2 LONG; city NAME; "
       "postal_code CODE; is_default BOOL; latitude DECIMAL(9,6); longitude DECIMAL(9,6)"),
    _t("customer_contacts", "People we deal with at a customer", "customers",
       "full_name NAME; job_title NAME; email EMAIL; phone PHONE; is_primary BOOL; "
       "opted_out_at TS 'When the contact opted out of marketing'", "n"),
    _t("price_lists", "Price lists customers are assigned to", "currencies",
       "name NAME; valid_from DATE; valid_to DATE; is_default BOOL", "h"),
    _t("price_list_items", "Prices of products on a price list", "price_lists products",
       "unit_price MONEY; min_quantity QTY 'Quantity from which the price applies'"),
    _t("quotes", "Quotations sent to customers before an order", "customers sales_reps",
       "quote_number CODE; quote_date DATE; valid_until DATE; total_amount MONEY; "
       "status CODE 'draft, sent, accepted or lost'; lost_reason LONG", "na"),
    _t("quote_lines", "Lines of a quotation", "quotes products",
       "quantity QTY; unit_price MONEY; discount_pct PCT"),
    _t("orders", "Customer orders: what was bought, when, and where it ships from",
       "customers sales_reps warehouses>fulfilment_warehouse_id "
       "customer_addresses>shipping_address_id currencies",
       "order_number CODE 'Number on the order confirmation'; order_date DATE; "
       "requested_delivery_date DATE; channel CODE 'web, phone, EDI or field sales'; "
       "status CODE 'open, picked, shipped, invoiced or cancelled'; total_amount MONEY "
       "'Order value excluding tax'; tax_amount MONEY; shipping_fee MONEY", "hnatx"),
    _t("order_items", "Lines of a customer order: product, quantity and price",
       "orders products",
       "line_number SMALLINT(6); quantity QTY; unit_price MONEY 'Price at the time of the "
       "order'; discount_pct PCT; unit_cost MONEY 'Standard cost when ordered, for margin'; "
       "promised_date DATE", "h"),
    _t("discount_codes", "Voucher codes customers enter at checkout", "promotions",
       "code CODE; discount_pct PCT; max_uses INT; used_count INT; valid_from DATE; "
       "valid_to DATE"),
    _t("returns", "Goods customers send back, with the refund given",
       "orders customers warehouses>receiving_warehouse_id",
       "rma_number CODE 'Return authorisation number'; requested_at TS; received_at TS; "
       "reason_code CODE 'damaged, wrong item, not needed or defective'; refund_amount MONEY; "
       "restocking_fee MONEY", "hna"),
    _t("return_items", "Products on a return and their condition", "returns order_items",
       "quantity QTY; item_condition CODE 'resaleable, refurbish or scrap'; credit_amount MONEY"),
    _t("sales_targets", "Revenue targets per sales rep and period", "sales_reps fiscal_periods",
       "target_amount MONEY; achieved_amount MONEY"),
    _t("commissions", "Commission earned by sales reps on orders",
       "sales_reps orders payroll_runs",
       "commission_amount MONEY; rate PCT; earned_on DATE"),
    _t("opportunities", "Deals in the sales pipeline", "customers sales_reps opportunity_stages",
       "name NAME; expected_close_date DATE; amount MONEY; probability_pct PCT; "
       "lost_to_competitor NAME", "hnt"),
    _t("opportunity_stages", "Stages of the sales pipeline", "",
       "name NAME; sort_order SMALLINT(6); default_probability PCT; is_closed BOOL"),
    _t("contracts", "Framework and service contracts with customers", "customers sales_reps",
       "contract_number CODE; start_date DATE; end_date DATE; annual_value MONEY; "
       "auto_renew BOOL; notice_days SMALLINT(6)", "hna"),
    _t("contract_renewals", "Renewals and renegotiations of customer contracts", "contracts",
       "renewal_date DATE; previous_value MONEY; new_value MONEY; "
       "outcome CODE 'renewed, renegotiated or cancelled'"),
    _t("competitors", "Competitors we meet in deals", "",
       "name NAME; website LONG; strengths TEXT; price_position CODE 'cheaper, similar or "
       "premium'", "n"),
]

_CATALOGUE = [
    _t("products", "Products we make, buy and sell",
       "product_categories brands units_of_measure suppliers>default_supplier_id",
       "sku CODE 'Stock keeping unit'; name NAME; description TEXT; list_price MONEY; "
       "standard_cost MONEY 'Cost used for margin reporting'; weight_kg QTY; "
       "is_discontinued BOOL; launch_date DATE", "hnatx"),
    _t("product_categories", "Product categories, in a tree",
       "product_categories>parent_category_id employees>category_manager_id",
       "name NAME; category_code CODE; target_margin_pct PCT 'Gross margin the category "
       "manager aims for'", "h"),
    _t("brands", "Brands of our products, own and third party", "countries>origin_country_id",
       "name NAME; owner_company NAME; is_private_label BOOL"),
    _t("product_variants", "Colours and sizes of a product", "products",
       "variant_sku CODE; color CODE; size CODE; extra_price MONEY; barcode CODE 'EAN or UPC'"),
    _t("price_changes", "List price changes of products over time", "products app_users",
       "old_price MONEY; new_price MONEY; effective_date DATE; reason LONG"),
    _t("product_bundles", "Bundles sold as one item", "",
       "name NAME; bundle_price MONEY; valid_from DATE; valid_to DATE"),
    _t("bundle_items", "Products in a bundle", "product_bundles products", "quantity QTY"),
    _t("product_reviews", "Reviews customers wrote about products", "products customers",
       "rating SMALLINT(6) '1 to 5 stars'; title LONG; body TEXT; reviewed_at TS; "
       "is_verified_purchase BOOL"),
    _t("product_images", "Pictures of products for the web shop", "products",
       "url LONG; alt_text LONG; sort_order SMALLINT(6)"),
    _t("product_certifications", "Certificates a product holds", "products",
       "certificate_type CODE 'CE, RoHS, organic and the like'; issued_by NAME; "
       "valid_until DATE"),
]

_INVENTORY = [
    _t("warehouses", "Warehouses and distribution centres",
       "countries employees>manager_id",
       "warehouse_code CODE; name NAME; city NAME; floor_area_m2 DECIMAL(10,2); "
       "dock_doors SMALLINT(6) 'Loading dock doors'; opened_on DATE; is_bonded BOOL "
       "'Customs-bonded warehouse'; operating_hours VARCHAR(50)", "hnx"),
    _t("warehouse_zones", "Areas of a warehouse by storage condition", "warehouses",
       "zone_code CODE; zone_type CODE 'ambient, chilled, frozen or hazardous'; "
       "capacity_pallets INT"),
    _t("bin_locations", "Storage bins in a warehouse zone", "warehouse_zones",
       "bin_code CODE; aisle CODE; shelf_level SMALLINT(6); max_weight_kg QTY; "
       "is_pick_face BOOL 'Bin used for picking, not for reserve stock'"),
    _t("stock_levels", "Stock on hand per product and warehouse",
       "warehouses products bin_locations",
       "on_hand_qty QTY 'Units physically in the warehouse'; reserved_qty QTY 'Units promised "
       "to open orders'; on_order_qty QTY 'Units on open purchase orders'; last_counted_at TS; "
       "days_of_cover DECIMAL(8,1) 'On-hand stock divided by average daily demand'", "h"),
    _t("stock_movements", "Every movement of stock in or out of a bin",
       "warehouses products bin_locations>from_bin_id bin_locations>to_bin_id",
       "movement_type CODE 'receipt, pick, transfer or adjustment'; quantity QTY; moved_at TS; "
       "reference_doc CODE"),
    _t("stock_counts", "Cycle and full stock counts", "warehouses employees>counted_by_id",
       "count_date DATE; count_type CODE 'cycle or full'; status CODE"),
    _t("stock_count_lines", "Counted quantities per bin and product",
       "stock_counts products bin_locations",
       "expected_qty QTY; counted_qty QTY; variance_qty QTY"),
    _t("pick_tasks", "Picking work in a warehouse: one task per order line picked; tasks per "
       "picker hour give the pick rate",
       "warehouses orders order_items employees>picker_id bin_locations",
       "assigned_at TS; started_at TS; completed_at TS; quantity_picked QTY; "
       "pick_errors SMALLINT(6) 'Wrong item or quantity found at packing'"),
    _t("warehouse_equipment", "Forklifts, reach trucks, pallet jacks and scanners by warehouse",
       "warehouses",
       "equipment_type CODE; serial_number CODE; purchased_on DATE; hours_used INT; "
       "next_service_due DATE; is_available BOOL 'Not broken down or in service'", "n"),
    _t("replenishment_rules", "When and how much to reorder per product and warehouse",
       "warehouses products",
       "reorder_point QTY; reorder_qty QTY; safety_stock QTY; lead_time_days SMALLINT(6)"),
    _t("inventory_adjustments", "Stock written on or off outside normal movements",
       "warehouses products employees>approved_by_id",
       "quantity QTY; reason_code CODE 'damage, theft, expiry or count correction'; "
       "adjustment_value MONEY 'Cost value written off'"),
    _t("product_lots", "Production or supplier lots, for traceability and expiry",
       "products suppliers",
       "lot_number CODE; manufactured_on DATE; expires_on DATE; is_quarantined BOOL"),
    _t("warehouse_kpis", "Daily performance figures per warehouse", "warehouses",
       "kpi_date DATE; orders_shipped INT; lines_picked INT; picks_per_hour DECIMAL(8,2); "
       "on_time_ship_pct PCT; labour_hours HOURS"),
    _t("transfer_orders", "Stock moved between our own warehouses",
       "warehouses>from_warehouse_id warehouses>to_warehouse_id",
       "shipped_at TS; received_at TS; status CODE", "n"),
    _t("transfer_order_lines", "Products on a warehouse transfer", "transfer_orders products",
       "quantity QTY; received_qty QTY"),
]

_PROCUREMENT = [
    _t("suppliers", "Suppliers of goods and services", "countries currencies",
       "supplier_code CODE; name NAME; payment_terms_days SMALLINT(6); lead_time_days "
       "SMALLINT(6) 'Quoted lead time'; is_preferred BOOL; risk_rating CODE 'low, medium or "
       "high'; onboarded_on DATE", "hnatx"),
    _t("supplier_contacts", "People we deal with at a supplier", "suppliers",
       "full_name NAME; role NAME; email EMAIL; phone PHONE"),
    _t("supplier_products", "Products a supplier offers and at what cost",
       "suppliers products",
       "supplier_sku CODE; unit_cost MONEY; min_order_qty QTY; lead_time_days SMALLINT(6)",
       key="supplier_id product_id"),
    _t("purchase_orders", "Orders we place with suppliers",
       "suppliers warehouses>deliver_to_warehouse_id employees>buyer_id currencies",
       "po_number CODE; order_date DATE; promised_date DATE 'Delivery date the supplier "
       "confirmed'; received_date DATE 'When the last line arrived'; total_amount MONEY; "
       "status CODE", "hnat"),
    _t("purchase_order_lines", "Lines of a purchase order", "purchase_orders products",
       "quantity QTY; unit_cost MONEY; received_qty QTY; promised_date DATE"),
    _t("goods_receipts", "Deliveries received from suppliers",
       "purchase_orders warehouses employees>received_by_id",
       "receipt_number CODE; received_at TS; carrier_ref CODE; is_complete BOOL", "a"),
    _t("goods_receipt_lines", "Quantities received per purchase order line",
       "goods_receipts purchase_order_lines product_lots",
       "quantity_received QTY; quantity_rejected QTY"),
    _t("quality_inspections", "Inspections of received goods: sample size and defects found",
       "goods_receipts suppliers products employees>inspector_id",
       "inspected_at TS; sample_size INT; defects_found INT 'Defective units in the sample'; "
       "defect_type CODE; result CODE 'pass, rework or reject'", "na"),
    _t("supplier_ratings", "Supplier scorecards per period", "suppliers fiscal_periods",
       "on_time_pct PCT 'Share of purchase order lines delivered by the promised date'; "
       "defect_rate_pct PCT; price_score SMALLINT(6); overall_score SMALLINT(6)"),
    _t("purchase_requisitions", "Internal requests to buy something",
       "departments employees>requested_by_id products",
       "quantity QTY; needed_by DATE; justification TEXT; status CODE", "n"),
    _t("supplier_quotes", "Prices suppliers offered for a requisition",
       "suppliers purchase_requisitions",
       "quoted_price MONEY; valid_until DATE; lead_time_days SMALLINT(6)"),
    _t("supplier_contracts", "Volume and rebate agreements with suppliers", "suppliers",
       "start_date DATE; end_date DATE; committed_volume MONEY; rebate_pct PCT", "a"),
]

_LOGISTICS = [
    _t("carriers", "Transport companies that deliver our shipments", "",
       "name NAME; scac_code CHAR(4) 'Standard carrier alpha code'; transport_mode CODE "
       "'parcel, LTL, FTL, air or sea'; insurance_limit MONEY; on_time_target_pct PCT; "
       "is_active BOOL", "hnx"),
    _t("carrier_services", "Service levels a carrier offers", "carriers",
       "service_name NAME; transit_days SMALLINT(6); is_express BOOL; cutoff_time TIME"),
    _t("carrier_rates", "Freight rates per carrier service, destination and weight",
       "carrier_services countries>destination_country_id",
       "weight_from_kg QTY; weight_to_kg QTY; rate MONEY; fuel_surcharge_pct PCT; "
       "valid_from DATE"),
    _t("shipments", "Deliveries of customer orders leaving a warehouse",
       "orders carriers carrier_services warehouses>origin_warehouse_id delivery_routes",
       "tracking_number VARCHAR(40); shipped_at TS; promised_delivery_date DATE; "
       "delivered_at TS; is_late BOOL 'Delivered after the promised date'; weight_kg QTY; "
       "freight_cost MONEY", "hnat"),
    _t("shipment_packages", "Parcels and pallets of a shipment", "shipments",
       "package_number CODE; weight_kg QTY; length_cm SMALLINT(6); width_cm SMALLINT(6); "
       "height_cm SMALLINT(6); label_printed_at TS"),
    _t("tracking_events", "Status scans reported by carriers", "shipments",
       "event_time TS; event_code CODE 'picked up, in transit, out for delivery, delivered or "
       "failed'; location_text LONG; carrier_status NAME"),
    _t("delivery_exceptions", "Late, damaged, lost or refused deliveries",
       "shipments carriers",
       "exception_type CODE; reported_at TS; resolved_at TS; "
       "cost MONEY 'Cost to us: reshipping, credit or claim'", "n"),
    _t("delivery_routes", "Regular delivery routes a carrier runs from a warehouse",
       "carriers warehouses>origin_warehouse_id",
       "route_code CODE; name NAME; weekdays VARCHAR(20) 'Days the route runs, e.g. MTWTF'; "
       "stops_planned SMALLINT(6); distance_km DECIMAL(8,1); cost_per_run MONEY", "h"),
    _t("route_stops", "Stops of a delivery route", "delivery_routes customer_addresses",
       "stop_sequence SMALLINT(6); planned_arrival TIME; service_minutes SMALLINT(6)"),
    _t("vehicles", "Our own trucks and vans", "warehouses>home_warehouse_id",
       "registration CODE; vehicle_type CODE; capacity_kg QTY; fuel_type CODE; "
       "purchased_on DATE; odometer_km INT", "n"),
    _t("drivers", "Drivers of our own vehicles", "employees vehicles>default_vehicle_id",
       "licence_class CODE; licence_expires_on DATE; hours_this_week DECIMAL(5,1)"),
    _t("fuel_logs", "Fuel bought for our vehicles", "vehicles drivers",
       "filled_at TS; litres DECIMAL(8,2); cost MONEY; odometer_km INT"),
    _t("freight_invoices", "Bills from carriers for shipments", "carriers shipments",
       "invoice_number CODE; invoice_date DATE; amount MONEY; is_disputed BOOL; "
       "dispute_reason LONG", "a"),
    _t("customs_declarations", "Export and import declarations of shipments",
       "shipments countries>destination_country_id",
       "declaration_number CODE; hs_code VARCHAR(12) 'Harmonised tariff code'; "
       "declared_value MONEY; duty_amount MONEY; cleared_at TS", "a"),
]

_HR = [
    _t("employees", "Everyone on the payroll, with their job and manager",
       "departments job_titles offices employees>manager_id",
       "employee_number CODE; first_name NAME; last_name NAME; email EMAIL; hire_date DATE; "
       "termination_date DATE; employment_type CODE 'full-time, part-time or contractor'; "
       "fte DECIMAL(3,2) 'Full-time equivalent'; base_salary MONEY", "hnatx"),
    _t("departments", "Departments of the company, in a tree",
       "cost_centers departments>parent_department_id employees>head_id",
       "name NAME; department_code CODE; location NAME", "h"),
    _t("job_titles", "Job titles and their pay grades", "",
       "title NAME; job_family CODE; grade CODE 'Pay grade'; min_salary MONEY; "
       "max_salary MONEY; is_manager BOOL"),
    _t("offices", "Office buildings we rent or own", "countries",
       "name NAME; city NAME; address_line LONG; capacity_desks SMALLINT(6); "
       "lease_ends_on DATE; monthly_rent MONEY", "a"),
    _t("headcount_plans", "Approved headcount per department and period, against actual",
       "departments fiscal_periods job_titles employees>approved_by_id",
       "planned_fte DECIMAL(6,2) 'Approved headcount in full-time equivalents'; "
       "actual_fte DECIMAL(6,2); budget_amount MONEY", "h"),
    _t("job_openings", "Vacancies we are hiring for",
       "departments job_titles employees>hiring_manager_id",
       "opened_on DATE; closed_on DATE; status CODE; salary_band_max MONEY; "
       "is_replacement BOOL 'Replaces someone who left'", "n"),
    _t("candidates", "People who applied for a job", "",
       "full_name NAME; email EMAIL; phone PHONE; source CODE 'referral, job board, agency or "
       "careers site'", "na"),
    _t("job_applications", "Applications of candidates to openings",
       "job_openings candidates",
       "applied_at TS; stage CODE 'screen, interview, offer, hired or rejected'; "
       "rejection_reason LONG; offer_salary MONEY"),
    _t("interviews", "Interviews held with applicants",
       "job_applications employees>interviewer_id",
       "scheduled_at TS; interview_type CODE; score SMALLINT(6); recommendation CODE"),
    _t("payroll_runs", "Payroll runs: one per pay period, with totals", "fiscal_periods",
       "run_date DATE; pay_period_start DATE; pay_period_end DATE; total_gross MONEY; "
       "total_net MONEY; employer_taxes MONEY; status CODE 'draft, approved or paid'", "a"),
    _t("payslips", "Pay of one employee in one payroll run", "payroll_runs employees",
       "gross_pay MONEY; overtime_pay MONEY 'Overtime paid in this run'; bonus MONEY; "
       "tax_withheld MONEY; net_pay MONEY"),
    _t("salary_changes", "Raises and other changes of base salary",
       "employees employees>approved_by_id",
       "effective_date DATE; old_salary MONEY; new_salary MONEY; "
       "reason CODE 'promotion, merit or market adjustment'"),
    _t("timesheets", "Hours worked per employee and day, including overtime",
       "employees projects cost_centers employees>approved_by_id",
       "work_date DATE; regular_hours HOURS; overtime_hours HOURS 'Hours beyond the contract, "
       "paid at the overtime rate'; approved_at TS"),
    _t("leave_types", "Kinds of leave and their allowances", "",
       "name NAME; is_paid BOOL; days_per_year DECIMAL(5,1); requires_certificate BOOL"),
    _t("leave_requests", "Holiday, sick and other leave taken or requested",
       "employees leave_types employees>approved_by_id",
       "start_date DATE; end_date DATE; days DECIMAL(5,1); status CODE"),
    _t("performance_reviews", "Yearly performance reviews of employees",
       "employees employees>reviewer_id fiscal_periods",
       "rating SMALLINT(6) '1 (poor) to 5 (outstanding)'; goals_met_pct PCT; "
       "promotion_recommended BOOL; review_text TEXT", "a"),
    _t("training_courses", "Courses employees can attend", "",
       "title NAME; provider NAME; duration_hours DECIMAL(5,1); cost_per_seat MONEY; "
       "is_mandatory BOOL 'Required for compliance'"),
    _t("training_enrollments", "Who attended which course and with what result",
       "training_courses employees",
       "enrolled_on DATE; completed_on DATE; score PCT; passed BOOL"),
    _t("benefit_plans", "Benefits offered: health, pension, car, meals", "",
       "name NAME; plan_type CODE; employer_cost_monthly MONEY; provider NAME"),
    _t("benefit_enrollments", "Employees enrolled in benefit plans",
       "benefit_plans employees",
       "start_date DATE; end_date DATE; employee_contribution MONEY"),
    _t("skills", "Skills and certifications we track", "",
       "name NAME; skill_category CODE; is_certifiable BOOL"),
    _t("employee_skills", "Skills each employee has, and how well",
       "employees skills",
       "proficiency SMALLINT(6) '1 (basic) to 4 (expert)'; certified_on DATE",
       key="employee_id skill_id"),
]

_FINANCE = [
    _t("gl_accounts", "General ledger accounts: the chart of accounts",
       "gl_accounts>parent_account_id",
       "account_number CODE; name NAME; account_type CODE 'asset, liability, equity, revenue "
       "or expense'; is_posting BOOL 'Takes journal lines (not a summary account)'; "
       "normal_balance CODE 'debit or credit'", "h"),
    _t("cost_centers", "Cost centres costs and budgets are booked to",
       "employees>owner_id gl_accounts>default_expense_account_id",
       "code CODE; name NAME; is_profit_center BOOL", "h"),
    _t("fiscal_periods", "Accounting periods (months) of each fiscal year", "",
       "fiscal_year SMALLINT(6); period_number SMALLINT(6) '1 to 12'; quarter SMALLINT(6); "
       "start_date DATE; end_date DATE; is_closed BOOL"),
    _t("journal_entries", "Journal entries posted to the general ledger",
       "fiscal_periods app_users>posted_by_id",
       "entry_number CODE; entry_date DATE; description LONG; source CODE 'sales, "
       "purchasing, payroll or manual'; is_reversal BOOL", "a"),
    _t("ledger_entries", "General ledger lines: the debits and credits of each journal entry",
       "journal_entries gl_accounts cost_centers currencies",
       "debit MONEY; credit MONEY; amount_base MONEY 'Amount in the reporting currency'; "
       "line_memo LONG"),
    _t("invoices", "Customer invoices (accounts receivable)",
       "customers orders currencies fiscal_periods",
       "invoice_number CODE; invoice_date DATE; due_date DATE 'Payment is overdue after this "
       "date'; total_amount MONEY; tax_amount MONEY; amount_paid MONEY; status CODE 'open, "
       "partly paid, paid or written off'; dunning_level SMALLINT(6) 'Reminders sent so far'",
       "hnat"),
    _t("invoice_lines", "Lines of a customer invoice",
       "invoices order_items products tax_rates",
       "quantity QTY; unit_price MONEY; line_amount MONEY; tax_amount MONEY"),
    _t("payments", "Payments received from customers",
       "invoices customers bank_accounts",
       "payment_date DATE; amount MONEY; method CODE 'transfer, card, direct debit or "
       "cheque'; reference VARCHAR(60)", "n"),
    _t("credit_notes", "Credits given to customers against invoices",
       "invoices customers returns",
       "credit_number CODE; issued_on DATE; amount MONEY; reason LONG", "a"),
    _t("dunning_notices", "Payment reminders sent for unpaid invoices", "invoices",
       "reminder_level SMALLINT(6); sent_on DATE; channel CODE; fee MONEY"),
    _t("write_offs", "Receivables written off as uncollectable",
       "invoices employees>approved_by_id",
       "amount MONEY; written_off_on DATE; reason LONG"),
    _t("bank_accounts", "Our bank accounts", "currencies gl_accounts",
       "bank_name NAME; iban VARCHAR(34); bic VARCHAR(11); is_primary BOOL"),
    _t("bank_transactions", "Lines of our bank statements", "bank_accounts payments",
       "booked_on DATE; amount MONEY; counterparty NAME; reference VARCHAR(60); "
       "is_reconciled BOOL"),
    _t("budgets", "Budget and forecast per cost centre, account and period",
       "cost_centers gl_accounts fiscal_periods",
       "budget_amount MONEY; forecast_amount MONEY; version CODE 'original or reforecast'", "h"),
    _t("expense_claims", "Employee expense claims for travel and other business costs",
       "employees departments employees>approved_by_id",
       "claim_number CODE; submitted_on DATE; total_amount MONEY; status CODE; "
       "trip_purpose LONG 'Business reason for the travel'", "na"),
    _t("expense_lines", "Single expenses on a claim", "expense_claims expense_categories "
       "currencies", "expense_date DATE; amount MONEY; merchant NAME; has_receipt BOOL"),
    _t("expense_categories", "Kinds of expense: travel, hotels, meals, mileage and so on",
       "gl_accounts", "name NAME; daily_limit MONEY; requires_receipt BOOL"),
    _t("tax_rates", "Sales tax and VAT rates", "countries",
       "name NAME; rate_pct PCT; tax_type CODE 'VAT, GST or sales tax'; valid_from DATE"),
    _t("vendor_bills", "Supplier bills we have to pay (accounts payable)",
       "suppliers purchase_orders currencies",
       "bill_number CODE; bill_date DATE; due_date DATE; amount MONEY; status CODE", "na"),
    _t("vendor_payments", "Payments we made to suppliers", "vendor_bills bank_accounts",
       "paid_on DATE; amount MONEY; early_payment_discount MONEY"),
    _t("fixed_assets", "Machines, vehicles, buildings and IT we depreciate",
       "cost_centers gl_accounts",
       "asset_tag CODE; description LONG; acquired_on DATE; acquisition_cost MONEY; "
       "useful_life_months SMALLINT(6); disposal_date DATE", "ha"),
    _t("depreciation_entries", "Monthly depreciation of fixed assets",
       "fixed_assets fiscal_periods journal_entries",
       "amount MONEY; accumulated MONEY; book_value MONEY"),
]

_MARKETING = [
    _t("marketing_channels", "Channels we market through", "",
       "name NAME; channel_type CODE 'paid search, social, email, events or print'; "
       "is_paid BOOL"),
    _t("campaigns", "Marketing campaigns",
       "marketing_channels employees>owner_id product_categories>target_category_id "
       "customer_segments>target_segment_id",
       "name NAME; start_date DATE; end_date DATE; budget MONEY; "
       "objective CODE 'acquisition, retention or awareness'", "hnat"),
    _t("campaign_spend", "Money spent on campaigns per day and channel",
       "campaigns marketing_channels fiscal_periods",
       "spend_date DATE; amount MONEY; impressions BIGINT(20); clicks INT"),
    _t("campaign_conversions", "Customers won, and orders influenced, by a campaign",
       "campaigns customers orders>first_order_id",
       "converted_at TS; is_new_customer BOOL 'The customer had never ordered before'; "
       "attribution_model CODE 'first touch, last touch or linear'; attributed_revenue MONEY"),
    _t("email_sends", "Marketing emails sent to contacts", "campaigns customer_contacts",
       "sent_at TS; opened_at TS; clicked_at TS; bounced BOOL; unsubscribed BOOL"),
    _t("leads", "Prospects collected by marketing, before they become customers",
       "campaigns sales_reps customers>converted_customer_id",
       "company_name NAME; contact_name NAME; email EMAIL; score SMALLINT(6); "
       "qualified_at TS; converted_at TS", "nt"),
    _t("web_sessions", "Visits to our web shop", "customers campaigns",
       "started_at TS; landing_page LONG; pages_viewed SMALLINT(6); device_type CODE; "
       "utm_source VARCHAR(50); utm_medium VARCHAR(50); ordered BOOL"),
    _t("promotions", "Price promotions, often part of a campaign", "campaigns",
       "name NAME; promotion_type CODE 'percentage, buy-x-get-y or free shipping'; "
       "start_date DATE; end_date DATE; discount_pct PCT", "h"),
    _t("promotion_products", "Products a promotion applies to", "promotions products",
       "extra_discount_pct PCT", key="promotion_id product_id"),
    _t("customer_surveys", "Surveys we send to customers", "",
       "title LONG; sent_on DATE; channel CODE; question_count SMALLINT(6)"),
    _t("survey_responses", "Answers to customer surveys", "customer_surveys customers",
       "responded_at TS; nps_score SMALLINT(6) 'Net promoter score, 0 to 10'; "
       "comment_text TEXT"),
    _t("loyalty_accounts", "Loyalty programme membership of customers", "customers",
       "points_balance INT; tier CODE 'bronze, silver or gold'; joined_on DATE; "
       "last_activity_at TS", "h"),
    _t("loyalty_transactions", "Points earned and redeemed", "loyalty_accounts orders",
       "points INT; transaction_type CODE 'earn, redeem or expire'; occurred_at TS"),
    _t("marketing_events", "Trade shows and events we attend", "campaigns",
       "event_name NAME; venue NAME; city NAME; event_date DATE; cost MONEY; "
       "leads_collected INT", "a"),
    _t("content_assets", "Brochures, videos and pages made for campaigns", "campaigns",
       "title LONG; asset_type CODE; url LONG; published_at TS", "t"),
]

_SUPPORT = [
    _t("support_teams", "Customer service teams", "employees>manager_id",
       "name NAME; time_zone VARCHAR(40); languages VARCHAR(50)"),
    _t("support_agents", "Customer service agents", "employees support_teams",
       "skill_level CODE; max_open_tickets SMALLINT(6); languages VARCHAR(50)"),
    _t("sla_policies", "Service level agreements: response and resolution times promised, by "
       "priority", "",
       "name NAME; priority CODE 'low, normal, high or urgent'; first_response_hours "
       "DECIMAL(5,1) 'Hours allowed until the first answer'; resolution_hours DECIMAL(6,1) "
       "'Hours allowed until the issue is resolved'; for_key_accounts BOOL"),
    _t("support_tickets", "Customer support tickets: complaints, questions and problems",
       "customers customer_contacts support_agents>assigned_agent_id sla_policies products "
       "orders",
       "ticket_number CODE; opened_at TS; first_response_at TS; resolved_at TS; "
       "priority CODE; channel CODE 'email, phone, chat or portal'; category CODE 'billing, "
       "delivery, product defect or how-to'; sla_breached BOOL 'Answered or resolved later "
       "than the SLA allows'", "hnatx"),
    _t("ticket_messages", "Messages exchanged on a ticket",
       "support_tickets support_agents>author_agent_id",
       "sent_at TS; from_customer BOOL; body TEXT; channel CODE", "a"),
    _t("ticket_escalations", "Tickets handed to a more senior agent",
       "support_tickets support_agents>from_agent_id support_agents>to_agent_id",
       "escalated_at TS; reason LONG; escalation_level SMALLINT(6)"),
    _t("knowledge_articles", "Help articles for customers and agents",
       "products support_agents>author_agent_id",
       "title LONG; body TEXT; published_at TS; views INT; helpful_votes INT", "t"),
    _t("warranty_claims", "Claims for defective products under warranty",
       "customers products orders support_tickets",
       "claim_number CODE; purchase_date DATE; claimed_at TS; failure_description TEXT; "
       "approved BOOL; claim_cost MONEY", "na"),
    _t("satisfaction_ratings", "Customer ratings of a closed ticket", "support_tickets",
       "rating SMALLINT(6) '1 to 5'; rated_at TS; comment_text TEXT"),
    _t("field_service_visits", "Technician visits at customer sites",
       "support_tickets employees>technician_id customer_addresses",
       "scheduled_for TS; arrived_at TS; completed_at TS; travel_km DECIMAL(8,1); "
       "parts_cost MONEY", "n"),
]

_MANUFACTURING = [
    _t("plants", "Our factories", "countries employees>plant_manager_id",
       "plant_code CODE; name NAME; city NAME; floor_area_m2 DECIMAL(10,2); opened_on DATE",
       "hx"),
    _t("production_lines", "Production lines of a plant", "plants",
       "line_code CODE; name NAME; capacity_per_hour DECIMAL(8,2) 'Units per hour at rated "
       "speed'; shifts_per_day SMALLINT(6) 'Shifts run each weekday at present'; "
       "is_bottleneck BOOL; commissioned_on DATE", "hn"),
    _t("machines", "Machines on a production line", "production_lines",
       "asset_tag CODE; machine_type NAME; manufacturer NAME; installed_on DATE; "
       "rated_speed DECIMAL(8,2); last_overhaul_on DATE", "hna"),
    _t("machine_downtime", "Stoppages of a machine: when, how long and why",
       "machines maintenance_orders",
       "started_at TS; ended_at TS; minutes_lost INT; reason_code CODE 'breakdown, "
       "changeover, no material, no operator or planned maintenance'; is_planned BOOL"),
    _t("maintenance_orders", "Preventive and corrective maintenance jobs",
       "machines employees>technician_id",
       "order_type CODE 'preventive or corrective'; opened_at TS; completed_at TS; "
       "labour_hours HOURS; parts_cost MONEY", "n"),
    _t("spare_parts", "Spare parts kept for machines", "suppliers warehouses",
       "part_number CODE; description LONG; on_hand_qty QTY; min_qty QTY; unit_cost MONEY"),
    _t("work_orders", "Production work orders; released orders not yet started are the "
       "backlog", "products production_lines bills_of_materials>bom_id orders>sales_order_id",
       "wo_number CODE; planned_start DATE; planned_end DATE; actual_start TS; actual_end TS; "
       "quantity_planned QTY; quantity_completed QTY; status CODE 'planned, released, in "
       "progress or done'", "hn"),
    _t("work_order_operations", "Routing steps of a work order", "work_orders machines",
       "operation_seq SMALLINT(6); setup_minutes INT; run_minutes INT; completed_at TS"),
    _t("bills_of_materials", "What a product is made of (versions)", "products",
       "version CODE; is_active BOOL; valid_from DATE; yield_pct PCT", "h"),
    _t("bom_lines", "Components of a bill of materials",
       "bills_of_materials>bom_id products>component_id",
       "quantity_per QTY; scrap_factor PCT"),
    _t("production_batches", "Batches produced on a line for a work order",
       "work_orders production_lines employees>operator_id",
       "batch_number CODE; produced_at TS; quantity_good QTY; quantity_scrap QTY"),
    _t("production_defects", "Defects found in production batches",
       "production_batches machines",
       "defect_code CODE; quantity QTY; detected_at TS; root_cause TEXT"),
    _t("shifts", "Shift patterns of a plant", "plants",
       "shift_name CODE 'early, late or night'; start_time TIME; end_time TIME; "
       "weekdays VARCHAR(20); headcount_required SMALLINT(6)"),
    _t("shift_assignments", "Who works which shift on which line",
       "shifts employees production_lines",
       "work_date DATE; hours_worked HOURS; is_overtime BOOL"),
    _t("energy_readings", "Electricity use of plants and machines", "plants machines",
       "read_at TS; kwh DECIMAL(12,3); peak_kw DECIMAL(10,3); cost MONEY"),
    _t("production_schedules", "Work orders planned on a line by day",
       "production_lines work_orders",
       "scheduled_date DATE; sequence_no SMALLINT(6); planned_hours HOURS"),
]

_PROJECTS = [
    _t("projects", "Customer and internal projects",
       "customers employees>project_manager_id departments",
       "project_code CODE; name NAME; start_date DATE; end_date DATE; budget_amount MONEY; "
       "billing_type CODE 'fixed price or time and materials'; status CODE", "hnat"),
    _t("project_tasks", "Tasks of a project", "projects employees>assignee_id",
       "name NAME; estimate_hours HOURS; actual_hours HOURS; due_date DATE; completed_at TS",
       "n"),
    _t("project_milestones", "Milestones of a project, often billed", "projects",
       "name NAME; due_date DATE; reached_on DATE; invoice_amount MONEY"),
    _t("project_risks", "Risks logged on a project", "projects employees>owner_id",
       "description LONG; probability CODE; impact CODE; mitigation TEXT"),
    _t("it_assets", "Laptops, phones and monitors issued to staff",
       "employees>assigned_to_id offices",
       "asset_tag CODE; asset_type CODE; purchased_on DATE; purchase_cost MONEY; "
       "warranty_until DATE", "n"),
    _t("software_licenses", "Software subscriptions and their seats", "suppliers",
       "product_name NAME; seats INT; seats_used INT; annual_cost MONEY; renews_on DATE", "a"),
]

CORE = (
    _SYSTEM + _SALES + _CATALOGUE + _INVENTORY + _PROCUREMENT + _LOGISTICS + _HR + _FINANCE
    + _MARKETING + _SUPPORT + _MANUFACTURING + _PROJECTS
)

# ---------------------------------------------------------------------------------------
# Secondary tables, audit columns, and building the specs.

_SECONDARY: dict[str, tuple[str, str, str, str]] = {
    "h": ("history", "Change history of {table}: one row per changed field",
          "app_users>changed_by_id",
          "changed_at TS; field_name VARCHAR(64); old_value LONG; new_value LONG; "
          "change_reason LONG 'Reason the user gave'; source_system CODE 'Application that "
          "made the change'"),
    "n": ("notes", "Free-text notes users wrote on {table}", "app_users>author_id",
          "note_type CODE 'call, email, meeting or internal'; note_text TEXT; "
          "is_internal BOOL; is_pinned BOOL; created_at TS; updated_at TS"),
    "a": ("attachments", "Files attached to {table}", "app_users>uploaded_by_id",
          "file_name LONG; mime_type NAME; size_bytes BIGINT(20); storage_url LONG "
          "'Object-store location'; checksum_sha256 CHAR(64); uploaded_at TS; description LONG"),
    "t": ("tags", "Labels users put on {table} to group them", "app_users>added_by_id",
          "tag VARCHAR(50); tag_group CODE; added_at TS"),
    "x": ("external_ids", "Keys of {table} in other systems (CRM, web shop, EDI)", "",
          "system_name CODE; external_id NAME; sync_status CODE; last_synced_at TS; "
          "sync_error TEXT"),
}
"""Kind letter -> (name suffix, comment, extra references, columns)."""

_AUDIT = (
    Column("created_at", "DATETIME"),
    Column("updated_at", "DATETIME"),
    Column("created_by", "INT(11)", comment="User id in app_users"),
    Column("updated_by", "INT(11)"),
    Column("external_ref", "VARCHAR(40)", comment="Key in the old ERP, kept for reconciliation"),
    Column("is_archived", "TINYINT(1)"),
    Column("source_system", "VARCHAR(20)"),
    Column("row_version", "INT(11)", comment="Optimistic-locking counter"),
    Column("remarks", "TEXT"),
)
"""Columns core tables end with: always the first two, then as many as the table's target
width (12 to 16 columns, fixed per name) asks for."""

_SINGULAR = {"bills_of_materials": "bom"}
def singular(table: str) -> str:
    """`customers` -> `customer`, `product_categories` -> `product_category`."""
    if table in _SINGULAR:
        return _SINGULAR[table]
    if table.endswith("ies"):
        return table[:-3] + "y"
    if table.endswith("sses"):
        return table[:-2]
    return table[:-1] if table.endswith("s") else table


def _references(text: str) -> list[tuple[str, str]]:
    """(column, referenced table) pairs of an `fk` spec."""
    out = []
    for item in text.split():
        table, _, column = item.partition(">")
        out.append((column or f"{singular(table)}_id", table))
    return out


def _build(name: str, comment: str, fk: str, cols: str, key: str, width: int) -> Spec:
    refs = _references(fk)
    primary = tuple(key.split()) or ("id",)
    columns = [] if key else [Column("id", "INT(11)")]
    columns += [Column(col, "INT(11)") for col, _ in refs]
    columns += ddl.parse_columns(cols, TYPES)
    for i, extra in enumerate(_AUDIT):
        if (i >= 2 and len(columns) >= width) or any(c.name == extra.name for c in columns):
            continue
        columns.append(extra)
    keyed = tuple(Column(c.name, c.type, c.name in primary, c.comment) for c in columns)
    if len({c.name for c in keyed}) != len(keyed) or not set(primary) <= {c.name for c in keyed}:
        raise ValueError(f"duplicate or missing column in {name}")
    fks = tuple(ForeignKey((col,), table, ("id",)) for col, table in refs)
    return Spec(name, comment, keyed, fks, primary)


def _secondary(core: _Core) -> list[Spec]:
    out = []
    for letter in core.more:
        suffix, comment, fk, cols = _SECONDARY[letter]
        name = f"{singular(core.name)}_{suffix}"
        text = comment.format(table=core.name.replace("_", " "))
        out.append(_build(name, text, f"{core.name} {fk}", cols, "", 0))
    return out


def _width(name: str) -> int:
    return 12 + zlib.crc32(name.encode()) % 5


def table_specs() -> list[Spec]:
    """Every table, in creation order (see `big_schema`)."""
    specs: list[Spec] = []
    for core in CORE:
        specs.append(_build(core.name, core.comment, core.fk, core.cols, core.key,
                            _width(core.name)))
        specs += _secondary(core)
    return ddl.in_order(specs)


# ---------------------------------------------------------------------------------------
# Rows, DDL and the Schema.

ROWS: dict[str, tuple[tuple[str, ...], list[tuple[object, ...]]]] = {
    "currencies": (("id", "code", "name", "decimals", "is_base"), [
        (1, "EUR", "Euro", 2, 1), (2, "USD", "US dollar", 2, 0), (3, "GBP", "Pound", 2, 0)]),
    "countries": (("id", "iso_code", "name", "currency_id", "is_eu"), [
        (1, "DE", "Germany", 1, 1), (2, "FR", "France", 1, 1), (3, "US", "United States", 2, 0),
        (4, "GB", "United Kingdom", 3, 0)]),
    "sales_regions": (("id", "region_code", "name", "currency_id", "annual_target"), [
        (1, "NORTH", "North", 1, 4200000), (2, "SOUTH", "South", 1, 3100000),
        (3, "AMER", "Americas", 2, 5500000)]),
    "customer_segments": (("id", "name", "discount_pct"), [
        (1, "Enterprise", 12.5), (2, "Mid-market", 7.5), (3, "Small business", 0)]),
    "customers": (("id", "customer_number", "company_name", "customer_segment_id",
                   "sales_region_id", "currency_id", "credit_limit", "is_key_account"), [
        (1, "C-1001", "Hansa Logistik GmbH", 1, 1, 1, 250000, 1),
        (2, "C-1002", "Atelier Dupont", 3, 2, 1, 20000, 0),
        (3, "C-1003", "Lakeside Foods Inc", 2, 3, 2, 90000, 0),
        (4, "C-1004", "Nordwind AG", 1, 1, 1, 300000, 1),
        (5, "C-1005", "Pacific Tools LLC", 2, 3, 2, 60000, 0)]),
    "warehouses": (("id", "warehouse_code", "name", "city", "country_id", "dock_doors"), [
        (1, "HAM", "Hamburg DC", "Hamburg", 1, 24), (2, "LYO", "Lyon DC", "Lyon", 2, 12),
        (3, "NJ1", "New Jersey DC", "Edison", 3, 30)]),
    "carriers": (("id", "name", "scac_code", "transport_mode", "is_active"), [
        (1, "Rapid Parcel", "RPCL", "parcel", 1), (2, "EuroFreight", "EUFR", "LTL", 1)]),
}
"""The few rows `mysql_ddl` and `sqlite_ddl` insert (referentially consistent)."""


def big_schema() -> Schema:
    """The Schema a MariaDB source introspects from `mysql_ddl(...)`.

    Tables come in creation order, which is `name.upper()` order: the order MariaDB's
    case-insensitive collation sorts names in, so ordering by CREATE_TIME and then by
    TABLE_NAME gives the same list. Types are MariaDB's COLUMN_TYPE upper-cased (`INT(11)`,
    `TINYINT(1)`, `DECIMAL(12,2)`, `VARCHAR(100)`, `DATETIME`); `key` marks primary-key
    columns; foreign keys are single-column, declared in column order (at most 9 a table, so
    the generated names `<table>_ibfk_1..9` sort in that order too), all to `id`. Rows are the
    rows `mysql_ddl` inserts (0 elsewhere), as InnoDB estimates: `rows_exact=False`.
    """
    entities = tuple(
        Entity(
            "table",
            spec.name,
            spec.columns,
            rows=len(ROWS[spec.name][1]) if spec.name in ROWS else 0,
            rows_exact=False,
            comment=spec.comment,
            foreign_keys=spec.foreign_keys,
        )
        for spec in table_specs()
    )
    return Schema(dialect="mariadb", database=DATABASE, entities=entities)


def mysql_ddl(database: str) -> list[str]:
    """Statements that create the schema, with its rows, in the existing, empty `database`
    (run them on one connection: `tests._ddl.mysql_ddl`)."""
    return ddl.mysql_ddl(database, table_specs(), ROWS)


def sqlite_ddl() -> list[str]:
    """The same tables for SQLite, with the same declared types and foreign keys and without
    comments (SQLite has none), in the same order, plus the same rows."""
    return ddl.sqlite_ddl(table_specs(), ROWS)


# ---------------------------------------------------------------------------------------
# Decisions a manager would ask about, with the tables each needs.

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which warehouse should get the extra forklift, given its pick rate and stock levels?",
     {"warehouses", "warehouse_equipment", "pick_tasks", "stock_levels"}),
    ("Which sales region's customers have the most overdue invoices?",
     {"sales_regions", "customers", "invoices"}),
    ("Should we drop the carrier with the most late deliveries last quarter, and who could "
     "take over its routes?",
     {"carriers", "shipments", "delivery_routes"}),
    ("Which product categories lose the most margin to returns?",
     {"product_categories", "products", "returns", "return_items"}),
    ("Which departments are over their headcount plan, and how much overtime are they paying?",
     {"departments", "headcount_plans", "employees", "payslips"}),
    ("Which marketing campaigns brought in customers who kept ordering after their first "
     "purchase?",
     {"campaigns", "campaign_conversions", "customers", "orders"}),
    ("Which suppliers should we renegotiate with, given how late their purchase orders arrive "
     "and the defects we find in their deliveries?",
     {"suppliers", "purchase_orders", "quality_inspections"}),
    ("Are support tickets from our key accounts being resolved within the SLA?",
     {"support_tickets", "sla_policies", "customers"}),
    ("Which production line should add a shift, given machine downtime and the backlog of "
     "work orders?",
     {"production_lines", "machine_downtime", "work_orders", "shifts"}),
    ("Where are travel and expense costs growing fastest, by department?",
     {"expense_claims", "expense_lines", "expense_categories", "departments"}),
    ("Which customers deserve a loyalty discount, given how much they ordered this year and "
     "how many complaints they raised?",
     {"customers", "loyalty_accounts", "orders", "support_tickets"}),
    ("Is it worth paying suppliers early for the early-payment discount, given the cash in "
     "our bank accounts?",
     {"suppliers", "vendor_bills", "vendor_payments", "bank_accounts"}),
]
