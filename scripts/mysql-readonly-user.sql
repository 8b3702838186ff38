-- The least-privilege account the assistant queries as (README: "Least privilege").
CREATE USER IF NOT EXISTS 'planrag_ro'@'%' IDENTIFIED BY 'planrag-ro';
GRANT SELECT, SHOW VIEW ON `planrag\_%`.* TO 'planrag_ro'@'%';
