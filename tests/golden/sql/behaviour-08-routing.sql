-- widen compile: an empty table with 4 batch(es) planned, rules <types.rules>
-- reads `batch` (a `value` column of JSON text, one record per row); writes these columns
--   a[]::string    (added by the batches)
--   a_date::date    (added by the batches)
--   a_long::long    (added by the batches)
--   a_string::string    (added by the batches)
--   a_array_date[]::date    (added by the batches)
-- where each value goes (field as observed shape -> column):
--   a as date -> a (date -> string via text; wrapped in 1 array level)
--   a as date -> a_date (as is)
--   a as date -> a_long (date -> timestamp -> long via midnight_utc, epoch_micros; exact values only)
--   a as date -> a_string (date -> string via text)
--   a as date -> a_array_date (as is; wrapped in 1 array level)
--   a as long -> a (long -> string via text; wrapped in 1 array level)
--   a as long -> a_long (as is)
--   a as long -> a_string (long -> string via text)
--   a as string -> a (as is; wrapped in 1 array level)
--   a as string -> a_string (as is)
--   a as date[] -> a (date -> string via text)
--   a as date[] -> a_array_date (as is)
-- columns the batches add: a, a_date, a_long, a_string, a_array_date
SELECT
  CAST(CASE
    WHEN (
      `__s0` = 'date'
    )
    THEN CASE WHEN (
      NOT `__c0` IS NULL
    ) THEN ARRAY(`__c0`) END
    WHEN (
      `__s0` = 'long'
    )
    THEN CASE WHEN (
      NOT `__c1` IS NULL
    ) THEN ARRAY(`__c1`) END
    WHEN (
      `__s0` = 'string'
    )
    THEN CASE WHEN (
      NOT `__t0_2` IS NULL
    ) THEN ARRAY(`__t0_2`) END
    WHEN (
      `__s0` = 'date[]'
    )
    THEN TRANSFORM(
      TRY_VARIANT_GET(`__v0`, '$', 'array<variant>'),
      _x1 -> ELEMENT_AT(
        TRANSFORM(
          ARRAY(
            ELEMENT_AT(
              TRANSFORM(
                ARRAY(
                  ELEMENT_AT(
                    TRANSFORM(
                      ARRAY(SCHEMA_OF_VARIANT(_x1)),
                      _x2 -> ELEMENT_AT(
                        TRANSFORM(
                          ARRAY(
                            CASE
                              WHEN (
                                (
                                  _x1 IS NULL
                                ) OR (
                                  _x2 = 'VOID'
                                )
                              )
                              THEN 'null'
                              WHEN (
                                _x2 = 'BOOLEAN'
                              )
                              THEN 'boolean'
                              WHEN (
                                _x2 = 'BIGINT'
                              )
                              THEN 'integer'
                              WHEN STARTSWITH(_x2, 'DECIMAL(')
                              THEN CASE
                                WHEN (
                                  (
                                    REGEXP_EXTRACT(_x2, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                  )
                                  AND (
                                    TRY_VARIANT_GET(_x1, '$', 'bigint') IS NULL
                                  )
                                )
                                THEN 'integer'
                                ELSE 'fraction'
                              END
                              WHEN (
                                _x2 = 'DOUBLE'
                              )
                              THEN 'fraction'
                              WHEN (
                                _x2 = 'STRING'
                              )
                              THEN 'string'
                              WHEN STARTSWITH(_x2, 'ARRAY<')
                              THEN 'array'
                              WHEN STARTSWITH(_x2, 'OBJECT<')
                              THEN 'object'
                              ELSE 'other'
                            END
                          ),
                          _x3 -> CASE
                            WHEN (
                              _x3 = 'boolean'
                            )
                            THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                            WHEN (
                              _x3 = 'integer'
                            )
                            THEN CASE
                              WHEN (
                                (
                                  NOT TRY_VARIANT_GET(_x1, '$', 'bigint') IS NULL
                                )
                                AND (
                                  TRY_CAST(TRY_VARIANT_GET(_x1, '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x1, '$', 'decimal(38,0)')
                                )
                              )
                              THEN 1
                              WHEN (
                                (
                                  NOT TRY_VARIANT_GET(_x1, '$', 'decimal(38,0)') IS NULL
                                )
                                AND (
                                  TRY_CAST(TRY_VARIANT_GET(_x1, '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x1, '$', 'decimal(38,0)')
                                )
                              )
                              THEN 3
                              WHEN TRUE
                              THEN 6
                              ELSE 6
                            END
                            WHEN (
                              _x3 = 'fraction'
                            )
                            THEN CASE
                              WHEN (
                                (
                                  (
                                    (
                                      NOT TRY_VARIANT_GET(_x1, '$', 'double') IS NULL
                                    )
                                    AND (
                                      NOT ISNAN(TRY_VARIANT_GET(_x1, '$', 'double'))
                                    )
                                  )
                                  AND (
                                    ABS(TRY_VARIANT_GET(_x1, '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                  )
                                )
                                AND CASE
                                  WHEN (
                                    _x2 = 'DOUBLE'
                                  )
                                  THEN TRUE
                                  ELSE (
                                    REGEXP_REPLACE(
                                      REGEXP_REPLACE(
                                        REGEXP_REPLACE(
                                          REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x1, '$', 'double') AS STRING), '[eE].*$', ''),
                                          '^-',
                                          ''
                                        ),
                                        '\\.',
                                        ''
                                      ),
                                      '^0+|0+$',
                                      ''
                                    ) = REGEXP_REPLACE(
                                      REGEXP_REPLACE(REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x1), '[eE].*$', ''), '^-', ''), '\\.', ''),
                                      '^0+|0+$',
                                      ''
                                    )
                                  )
                                END
                              )
                              THEN 2
                              WHEN TRUE
                              THEN 6
                              ELSE 6
                            END
                            WHEN (
                              _x3 = 'string'
                            )
                            THEN CASE
                              WHEN (
                                (
                                  (
                                    TRY_VARIANT_GET(_x1, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                  )
                                  AND (
                                    NOT STARTSWITH(TRY_VARIANT_GET(_x1, '$', 'string'), '0000')
                                  )
                                )
                                AND (
                                  NOT TRY_TO_DATE(TRY_VARIANT_GET(_x1, '$', 'string'), 'yyyy-MM-dd') IS NULL
                                )
                              )
                              THEN 4
                              WHEN (
                                (
                                  (
                                    TRY_VARIANT_GET(_x1, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                  )
                                  AND (
                                    NOT STARTSWITH(TRY_VARIANT_GET(_x1, '$', 'string'), '0000')
                                  )
                                )
                                AND (
                                  NOT TRY_CAST(TRY_VARIANT_GET(_x1, '$', 'string') AS TIMESTAMP) IS NULL
                                )
                              )
                              THEN 5
                              WHEN TRUE
                              THEN 6
                              ELSE 6
                            END
                          END
                        ),
                        1
                      )
                    ),
                    1
                  )
                ),
                _x2 -> CASE
                  WHEN COALESCE((
                    SCHEMA_OF_VARIANT(_x1) RLIKE '^(ARRAY|OBJECT)<'
                  ), FALSE)
                  THEN TRY_TO_DATE(TRY_VARIANT_GET(_x1, '$', 'string'), 'yyyy-MM-dd')
                  WHEN (
                    _x2 = 4
                  )
                  THEN TRY_TO_DATE(TRY_VARIANT_GET(_x1, '$', 'string'), 'yyyy-MM-dd')
                END
              ),
              1
            )
          ),
          _x2 -> DATE_FORMAT(_x2, 'yyyy-MM-dd')
        ),
        1
      )
    )
    ELSE CAST(NULL AS ARRAY<STRING>)
  END AS ARRAY<STRING>) AS `a`,
  CAST(CASE WHEN (
    `__s0` = 'date'
  ) THEN `__t0_0` ELSE CAST(NULL AS DATE) END AS DATE) AS `a_date`,
  CAST(CASE
    WHEN (
      `__s0` = 'date'
    )
    THEN CASE
      WHEN (
        (
          `__t0_0` IS NULL
        )
        OR (
          NOT CASE
            WHEN (
              PMOD(UNIX_MICROS(CAST(`__t0_0` AS TIMESTAMP)), 1) = 0
            )
            THEN CAST((
              UNIX_MICROS(CAST(`__t0_0` AS TIMESTAMP)) DIV 1
            ) AS BIGINT)
          END IS NULL
        )
      )
      THEN `__c2`
    END
    WHEN (
      `__s0` = 'long'
    )
    THEN `__t0_1`
    ELSE CAST(NULL AS BIGINT)
  END AS BIGINT) AS `a_long`,
  CAST(CASE
    WHEN (
      `__s0` = 'date'
    )
    THEN `__c0`
    WHEN (
      `__s0` = 'long'
    )
    THEN `__c1`
    WHEN (
      `__s0` = 'string'
    )
    THEN `__t0_2`
    ELSE CAST(NULL AS STRING)
  END AS STRING) AS `a_string`,
  CAST(CASE
    WHEN (
      `__s0` = 'date'
    )
    THEN CASE WHEN (
      NOT `__t0_0` IS NULL
    ) THEN ARRAY(`__t0_0`) END
    WHEN (
      `__s0` = 'date[]'
    )
    THEN TRANSFORM(
      TRY_VARIANT_GET(`__v0`, '$', 'array<variant>'),
      _x1 -> ELEMENT_AT(
        TRANSFORM(
          ARRAY(
            ELEMENT_AT(
              TRANSFORM(
                ARRAY(SCHEMA_OF_VARIANT(_x1)),
                _x2 -> ELEMENT_AT(
                  TRANSFORM(
                    ARRAY(
                      CASE
                        WHEN (
                          (
                            _x1 IS NULL
                          ) OR (
                            _x2 = 'VOID'
                          )
                        )
                        THEN 'null'
                        WHEN (
                          _x2 = 'BOOLEAN'
                        )
                        THEN 'boolean'
                        WHEN (
                          _x2 = 'BIGINT'
                        )
                        THEN 'integer'
                        WHEN STARTSWITH(_x2, 'DECIMAL(')
                        THEN CASE
                          WHEN (
                            (
                              REGEXP_EXTRACT(_x2, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                            )
                            AND (
                              TRY_VARIANT_GET(_x1, '$', 'bigint') IS NULL
                            )
                          )
                          THEN 'integer'
                          ELSE 'fraction'
                        END
                        WHEN (
                          _x2 = 'DOUBLE'
                        )
                        THEN 'fraction'
                        WHEN (
                          _x2 = 'STRING'
                        )
                        THEN 'string'
                        WHEN STARTSWITH(_x2, 'ARRAY<')
                        THEN 'array'
                        WHEN STARTSWITH(_x2, 'OBJECT<')
                        THEN 'object'
                        ELSE 'other'
                      END
                    ),
                    _x3 -> CASE
                      WHEN (
                        _x3 = 'boolean'
                      )
                      THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                      WHEN (
                        _x3 = 'integer'
                      )
                      THEN CASE
                        WHEN (
                          (
                            NOT TRY_VARIANT_GET(_x1, '$', 'bigint') IS NULL
                          )
                          AND (
                            TRY_CAST(TRY_VARIANT_GET(_x1, '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x1, '$', 'decimal(38,0)')
                          )
                        )
                        THEN 1
                        WHEN (
                          (
                            NOT TRY_VARIANT_GET(_x1, '$', 'decimal(38,0)') IS NULL
                          )
                          AND (
                            TRY_CAST(TRY_VARIANT_GET(_x1, '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x1, '$', 'decimal(38,0)')
                          )
                        )
                        THEN 3
                        WHEN TRUE
                        THEN 6
                        ELSE 6
                      END
                      WHEN (
                        _x3 = 'fraction'
                      )
                      THEN CASE
                        WHEN (
                          (
                            (
                              (
                                NOT TRY_VARIANT_GET(_x1, '$', 'double') IS NULL
                              )
                              AND (
                                NOT ISNAN(TRY_VARIANT_GET(_x1, '$', 'double'))
                              )
                            )
                            AND (
                              ABS(TRY_VARIANT_GET(_x1, '$', 'double')) < CAST('Infinity' AS DOUBLE)
                            )
                          )
                          AND CASE
                            WHEN (
                              _x2 = 'DOUBLE'
                            )
                            THEN TRUE
                            ELSE (
                              REGEXP_REPLACE(
                                REGEXP_REPLACE(
                                  REGEXP_REPLACE(
                                    REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x1, '$', 'double') AS STRING), '[eE].*$', ''),
                                    '^-',
                                    ''
                                  ),
                                  '\\.',
                                  ''
                                ),
                                '^0+|0+$',
                                ''
                              ) = REGEXP_REPLACE(
                                REGEXP_REPLACE(REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x1), '[eE].*$', ''), '^-', ''), '\\.', ''),
                                '^0+|0+$',
                                ''
                              )
                            )
                          END
                        )
                        THEN 2
                        WHEN TRUE
                        THEN 6
                        ELSE 6
                      END
                      WHEN (
                        _x3 = 'string'
                      )
                      THEN CASE
                        WHEN (
                          (
                            (
                              TRY_VARIANT_GET(_x1, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                            )
                            AND (
                              NOT STARTSWITH(TRY_VARIANT_GET(_x1, '$', 'string'), '0000')
                            )
                          )
                          AND (
                            NOT TRY_TO_DATE(TRY_VARIANT_GET(_x1, '$', 'string'), 'yyyy-MM-dd') IS NULL
                          )
                        )
                        THEN 4
                        WHEN (
                          (
                            (
                              TRY_VARIANT_GET(_x1, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                            )
                            AND (
                              NOT STARTSWITH(TRY_VARIANT_GET(_x1, '$', 'string'), '0000')
                            )
                          )
                          AND (
                            NOT TRY_CAST(TRY_VARIANT_GET(_x1, '$', 'string') AS TIMESTAMP) IS NULL
                          )
                        )
                        THEN 5
                        WHEN TRUE
                        THEN 6
                        ELSE 6
                      END
                    END
                  ),
                  1
                )
              ),
              1
            )
          ),
          _x2 -> CASE
            WHEN COALESCE((
              SCHEMA_OF_VARIANT(_x1) RLIKE '^(ARRAY|OBJECT)<'
            ), FALSE)
            THEN TRY_TO_DATE(TRY_VARIANT_GET(_x1, '$', 'string'), 'yyyy-MM-dd')
            WHEN (
              _x2 = 4
            )
            THEN TRY_TO_DATE(TRY_VARIANT_GET(_x1, '$', 'string'), 'yyyy-MM-dd')
          END
        ),
        1
      )
    )
    ELSE CAST(NULL AS ARRAY<DATE>)
  END AS ARRAY<DATE>) AS `a_array_date`
FROM (
  SELECT
    `__v0` AS `__v0`,
    `__s0` AS `__s0`,
    `__t0_0` AS `__t0_0`,
    `__t0_1` AS `__t0_1`,
    `__t0_2` AS `__t0_2`,
    CASE WHEN (
      `__s0` = 'date'
    ) THEN DATE_FORMAT(`__t0_0`, 'yyyy-MM-dd') END AS `__c0`,
    CASE WHEN (
      `__s0` = 'long'
    ) THEN CAST(`__t0_1` AS STRING) END AS `__c1`,
    CASE
      WHEN (
        `__s0` = 'date'
      )
      THEN CASE
        WHEN (
          PMOD(UNIX_MICROS(CAST(`__t0_0` AS TIMESTAMP)), 1) = 0
        )
        THEN CAST((
          UNIX_MICROS(CAST(`__t0_0` AS TIMESTAMP)) DIV 1
        ) AS BIGINT)
      END
    END AS `__c2`
  FROM (
    SELECT
      `__v0` AS `__v0`,
      `__s0` AS `__s0`,
      CASE
        WHEN (
          `__s0` = 'date'
        )
        THEN TRY_TO_DATE(TRY_VARIANT_GET(`__v0`, '$', 'string'), 'yyyy-MM-dd')
      END AS `__t0_0`,
      CASE WHEN (
        `__s0` = 'long'
      ) THEN TRY_VARIANT_GET(`__v0`, '$', 'bigint') END AS `__t0_1`,
      CASE
        WHEN (
          `__s0` = 'string'
        )
        THEN CASE
          WHEN (
            SCHEMA_OF_VARIANT(`__v0`) = 'STRING'
          )
          THEN TRY_VARIANT_GET(`__v0`, '$', 'string')
          WHEN (
            NOT IS_VARIANT_NULL(`__v0`)
          )
          THEN TO_JSON(`__v0`)
        END
      END AS `__t0_2`
    FROM (
      SELECT
        `__v0` AS `__v0`,
        ELEMENT_AT(
          TRANSFORM(
            ARRAY(
              ELEMENT_AT(
                TRANSFORM(
                  ARRAY(SCHEMA_OF_VARIANT(`__v0`)),
                  _x1 -> ELEMENT_AT(
                    TRANSFORM(
                      ARRAY(
                        CASE
                          WHEN (
                            (
                              `__v0` IS NULL
                            ) OR (
                              _x1 = 'VOID'
                            )
                          )
                          THEN 'null'
                          WHEN (
                            _x1 = 'BOOLEAN'
                          )
                          THEN 'boolean'
                          WHEN (
                            _x1 = 'BIGINT'
                          )
                          THEN 'integer'
                          WHEN STARTSWITH(_x1, 'DECIMAL(')
                          THEN CASE
                            WHEN (
                              (
                                REGEXP_EXTRACT(_x1, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                              )
                              AND (
                                TRY_VARIANT_GET(`__v0`, '$', 'bigint') IS NULL
                              )
                            )
                            THEN 'integer'
                            ELSE 'fraction'
                          END
                          WHEN (
                            _x1 = 'DOUBLE'
                          )
                          THEN 'fraction'
                          WHEN (
                            _x1 = 'STRING'
                          )
                          THEN 'string'
                          WHEN STARTSWITH(_x1, 'ARRAY<')
                          THEN 'array'
                          WHEN STARTSWITH(_x1, 'OBJECT<')
                          THEN 'object'
                          ELSE 'other'
                        END
                      ),
                      _x2 -> CASE
                        WHEN (
                          _x2 = 'null'
                        )
                        THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                        WHEN (
                          _x2 = 'object'
                        )
                        THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                        WHEN (
                          _x2 = 'array'
                        )
                        THEN AGGREGATE(
                          TRANSFORM(
                            TRY_VARIANT_GET(`__v0`, '$', 'array<variant>'),
                            _x3 -> ELEMENT_AT(
                              TRANSFORM(
                                ARRAY(SCHEMA_OF_VARIANT(_x3)),
                                _x4 -> ELEMENT_AT(
                                  TRANSFORM(
                                    ARRAY(
                                      CASE
                                        WHEN (
                                          (
                                            _x3 IS NULL
                                          ) OR (
                                            _x4 = 'VOID'
                                          )
                                        )
                                        THEN 'null'
                                        WHEN (
                                          _x4 = 'BOOLEAN'
                                        )
                                        THEN 'boolean'
                                        WHEN (
                                          _x4 = 'BIGINT'
                                        )
                                        THEN 'integer'
                                        WHEN STARTSWITH(_x4, 'DECIMAL(')
                                        THEN CASE
                                          WHEN (
                                            (
                                              REGEXP_EXTRACT(_x4, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                            )
                                            AND (
                                              TRY_VARIANT_GET(_x3, '$', 'bigint') IS NULL
                                            )
                                          )
                                          THEN 'integer'
                                          ELSE 'fraction'
                                        END
                                        WHEN (
                                          _x4 = 'DOUBLE'
                                        )
                                        THEN 'fraction'
                                        WHEN (
                                          _x4 = 'STRING'
                                        )
                                        THEN 'string'
                                        WHEN STARTSWITH(_x4, 'ARRAY<')
                                        THEN 'array'
                                        WHEN STARTSWITH(_x4, 'OBJECT<')
                                        THEN 'object'
                                        ELSE 'other'
                                      END
                                    ),
                                    _x5 -> CASE
                                      WHEN (
                                        _x5 = 'null'
                                      )
                                      THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                      WHEN (
                                        _x5 = 'object'
                                      )
                                      THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                      WHEN (
                                        _x5 = 'array'
                                      )
                                      THEN CASE
                                        WHEN (
                                          _x4 RLIKE '^(ARRAY<)+VOID>+$'
                                        )
                                        THEN STRUCT(1 AS kind, (
                                          SIZE(SPLIT(_x4, 'ARRAY<')) - 1
                                        ) AS dim, 0 AS mask)
                                        ELSE STRUCT(2 AS kind, 0 AS dim, 0 AS mask)
                                      END
                                      ELSE STRUCT(
                                        3 AS kind,
                                        0 AS dim,
                                        ELEMENT_AT(
                                          ARRAY(1, 2, 4, 8, 16, 32, 64),
                                          (
                                            CASE
                                              WHEN (
                                                _x5 = 'boolean'
                                              )
                                              THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                              WHEN (
                                                _x5 = 'integer'
                                              )
                                              THEN CASE
                                                WHEN (
                                                  (
                                                    NOT TRY_VARIANT_GET(_x3, '$', 'bigint') IS NULL
                                                  )
                                                  AND (
                                                    TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x3, '$', 'decimal(38,0)')
                                                  )
                                                )
                                                THEN 1
                                                WHEN (
                                                  (
                                                    NOT TRY_VARIANT_GET(_x3, '$', 'decimal(38,0)') IS NULL
                                                  )
                                                  AND (
                                                    TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x3, '$', 'decimal(38,0)')
                                                  )
                                                )
                                                THEN 3
                                                WHEN TRUE
                                                THEN 6
                                                ELSE 6
                                              END
                                              WHEN (
                                                _x5 = 'fraction'
                                              )
                                              THEN CASE
                                                WHEN (
                                                  (
                                                    (
                                                      (
                                                        NOT TRY_VARIANT_GET(_x3, '$', 'double') IS NULL
                                                      )
                                                      AND (
                                                        NOT ISNAN(TRY_VARIANT_GET(_x3, '$', 'double'))
                                                      )
                                                    )
                                                    AND (
                                                      ABS(TRY_VARIANT_GET(_x3, '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                    )
                                                  )
                                                  AND CASE
                                                    WHEN (
                                                      _x4 = 'DOUBLE'
                                                    )
                                                    THEN TRUE
                                                    ELSE (
                                                      REGEXP_REPLACE(
                                                        REGEXP_REPLACE(
                                                          REGEXP_REPLACE(
                                                            REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x3, '$', 'double') AS STRING), '[eE].*$', ''),
                                                            '^-',
                                                            ''
                                                          ),
                                                          '\\.',
                                                          ''
                                                        ),
                                                        '^0+|0+$',
                                                        ''
                                                      ) = REGEXP_REPLACE(
                                                        REGEXP_REPLACE(REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x3), '[eE].*$', ''), '^-', ''), '\\.', ''),
                                                        '^0+|0+$',
                                                        ''
                                                      )
                                                    )
                                                  END
                                                )
                                                THEN 2
                                                WHEN TRUE
                                                THEN 6
                                                ELSE 6
                                              END
                                              WHEN (
                                                _x5 = 'string'
                                              )
                                              THEN CASE
                                                WHEN (
                                                  (
                                                    (
                                                      TRY_VARIANT_GET(_x3, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                    )
                                                    AND (
                                                      NOT STARTSWITH(TRY_VARIANT_GET(_x3, '$', 'string'), '0000')
                                                    )
                                                  )
                                                  AND (
                                                    NOT TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                  )
                                                )
                                                THEN 4
                                                WHEN (
                                                  (
                                                    (
                                                      TRY_VARIANT_GET(_x3, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                    )
                                                    AND (
                                                      NOT STARTSWITH(TRY_VARIANT_GET(_x3, '$', 'string'), '0000')
                                                    )
                                                  )
                                                  AND (
                                                    NOT TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP) IS NULL
                                                  )
                                                )
                                                THEN 5
                                                WHEN TRUE
                                                THEN 6
                                                ELSE 6
                                              END
                                            END + 1
                                          )
                                        ) AS mask
                                      )
                                    END
                                  ),
                                  1
                                )
                              ),
                              1
                            )
                          ),
                          STRUCT(0 AS kinds, -1 AS mind, -1 AS maxd, 0 AS mask, 0 AS edepth, FALSE AS mixed),
                          (_acc3, _x3) -> STRUCT(
                            (
                              _acc3['kinds'] | CASE WHEN (
                                _x3['kind'] = 3
                              ) THEN 1 WHEN (
                                _x3['kind'] = 4
                              ) THEN 2 ELSE 0 END
                            ) AS kinds,
                            CASE
                              WHEN (
                                (
                                  _x3['kind'] = 3
                                ) OR (
                                  _x3['kind'] = 4
                                )
                              )
                              THEN CASE
                                WHEN (
                                  _acc3['mind'] < 0
                                )
                                THEN _x3['dim']
                                ELSE LEAST(_acc3['mind'], _x3['dim'])
                              END
                              ELSE _acc3['mind']
                            END AS mind,
                            CASE
                              WHEN (
                                (
                                  _x3['kind'] = 3
                                ) OR (
                                  _x3['kind'] = 4
                                )
                              )
                              THEN GREATEST(_acc3['maxd'], _x3['dim'])
                              ELSE _acc3['maxd']
                            END AS maxd,
                            CASE
                              WHEN (
                                (
                                  _x3['kind'] = 3
                                ) OR (
                                  _x3['kind'] = 4
                                )
                              )
                              THEN (
                                _acc3['mask'] | _x3['mask']
                              )
                              ELSE _acc3['mask']
                            END AS mask,
                            CASE
                              WHEN (
                                _x3['kind'] = 1
                              )
                              THEN GREATEST(_acc3['edepth'], _x3['dim'])
                              ELSE _acc3['edepth']
                            END AS edepth,
                            (
                              _acc3['mixed'] OR (
                                _x3['kind'] = 2
                              )
                            ) AS mixed
                          ),
                          _acc3 -> CASE
                            WHEN (
                              (
                                (
                                  _acc3['mixed'] OR (
                                    _acc3['kinds'] = 3
                                  )
                                )
                                OR (
                                  (
                                    _acc3['kinds'] > 0
                                  ) AND (
                                    _acc3['mind'] <> _acc3['maxd']
                                  )
                                )
                              )
                              OR (
                                (
                                  _acc3['kinds'] > 0
                                ) AND (
                                  _acc3['edepth'] > _acc3['maxd']
                                )
                              )
                            )
                            THEN STRUCT(2 AS kind, 0 AS dim, 0 AS mask)
                            WHEN (
                              _acc3['kinds'] = 0
                            )
                            THEN STRUCT(1 AS kind, (
                              _acc3['edepth'] + 1
                            ) AS dim, 0 AS mask)
                            WHEN (
                              _acc3['kinds'] = 1
                            )
                            THEN STRUCT(3 AS kind, (
                              _acc3['maxd'] + 1
                            ) AS dim, _acc3['mask'] AS mask)
                            ELSE STRUCT(4 AS kind, (
                              _acc3['maxd'] + 1
                            ) AS dim, 0 AS mask)
                          END
                        )
                        ELSE STRUCT(
                          3 AS kind,
                          0 AS dim,
                          ELEMENT_AT(
                            ARRAY(1, 2, 4, 8, 16, 32, 64),
                            (
                              CASE
                                WHEN (
                                  _x2 = 'boolean'
                                )
                                THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                WHEN (
                                  _x2 = 'integer'
                                )
                                THEN CASE
                                  WHEN (
                                    (
                                      NOT TRY_VARIANT_GET(`__v0`, '$', 'bigint') IS NULL
                                    )
                                    AND (
                                      TRY_CAST(TRY_VARIANT_GET(`__v0`, '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(`__v0`, '$', 'decimal(38,0)')
                                    )
                                  )
                                  THEN 1
                                  WHEN (
                                    (
                                      NOT TRY_VARIANT_GET(`__v0`, '$', 'decimal(38,0)') IS NULL
                                    )
                                    AND (
                                      TRY_CAST(TRY_VARIANT_GET(`__v0`, '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(`__v0`, '$', 'decimal(38,0)')
                                    )
                                  )
                                  THEN 3
                                  WHEN TRUE
                                  THEN 6
                                  ELSE 6
                                END
                                WHEN (
                                  _x2 = 'fraction'
                                )
                                THEN CASE
                                  WHEN (
                                    (
                                      (
                                        (
                                          NOT TRY_VARIANT_GET(`__v0`, '$', 'double') IS NULL
                                        )
                                        AND (
                                          NOT ISNAN(TRY_VARIANT_GET(`__v0`, '$', 'double'))
                                        )
                                      )
                                      AND (
                                        ABS(TRY_VARIANT_GET(`__v0`, '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                      )
                                    )
                                    AND CASE
                                      WHEN (
                                        _x1 = 'DOUBLE'
                                      )
                                      THEN TRUE
                                      ELSE (
                                        REGEXP_REPLACE(
                                          REGEXP_REPLACE(
                                            REGEXP_REPLACE(
                                              REGEXP_REPLACE(CAST(TRY_VARIANT_GET(`__v0`, '$', 'double') AS STRING), '[eE].*$', ''),
                                              '^-',
                                              ''
                                            ),
                                            '\\.',
                                            ''
                                          ),
                                          '^0+|0+$',
                                          ''
                                        ) = REGEXP_REPLACE(
                                          REGEXP_REPLACE(REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(`__v0`), '[eE].*$', ''), '^-', ''), '\\.', ''),
                                          '^0+|0+$',
                                          ''
                                        )
                                      )
                                    END
                                  )
                                  THEN 2
                                  WHEN TRUE
                                  THEN 6
                                  ELSE 6
                                END
                                WHEN (
                                  _x2 = 'string'
                                )
                                THEN CASE
                                  WHEN (
                                    (
                                      (
                                        TRY_VARIANT_GET(`__v0`, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                      )
                                      AND (
                                        NOT STARTSWITH(TRY_VARIANT_GET(`__v0`, '$', 'string'), '0000')
                                      )
                                    )
                                    AND (
                                      NOT TRY_TO_DATE(TRY_VARIANT_GET(`__v0`, '$', 'string'), 'yyyy-MM-dd') IS NULL
                                    )
                                  )
                                  THEN 4
                                  WHEN (
                                    (
                                      (
                                        TRY_VARIANT_GET(`__v0`, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                      )
                                      AND (
                                        NOT STARTSWITH(TRY_VARIANT_GET(`__v0`, '$', 'string'), '0000')
                                      )
                                    )
                                    AND (
                                      NOT TRY_CAST(TRY_VARIANT_GET(`__v0`, '$', 'string') AS TIMESTAMP) IS NULL
                                    )
                                  )
                                  THEN 5
                                  WHEN TRUE
                                  THEN 6
                                  ELSE 6
                                END
                              END + 1
                            )
                          ) AS mask
                        )
                      END
                    ),
                    1
                  )
                ),
                1
              )
            ),
            _x1 -> CASE
              WHEN (
                _x1['kind'] = 0
              )
              THEN 'null'
              WHEN (
                _x1['kind'] = 1
              )
              THEN 'empty'
              WHEN (
                COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(`__v0`), 'OBJECT<'), FALSE)
                AND (
                  SIZE(ARRAY_REMOVE(MAP_KEYS(TRY_VARIANT_GET(`__v0`, '$', 'map<string,variant>')), '')) = 0
                )
              )
              THEN 'empty'
              WHEN (
                _x1['kind'] = 2
              )
              THEN ELEMENT_AT(
                ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                (
                  6 + 1
                )
              )
              WHEN (
                _x1['kind'] = 4
              )
              THEN CONCAT('record', REPEAT('[]', _x1['dim']))
              ELSE CONCAT(
                CASE
                  WHEN (
                    _x1['dim'] = 0
                  )
                  THEN ELEMENT_AT(
                    ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                    (
                      ELEMENT_AT(
                        TRANSFORM(
                          ARRAY(SCHEMA_OF_VARIANT(`__v0`)),
                          _x2 -> ELEMENT_AT(
                            TRANSFORM(
                              ARRAY(
                                CASE
                                  WHEN (
                                    (
                                      `__v0` IS NULL
                                    ) OR (
                                      _x2 = 'VOID'
                                    )
                                  )
                                  THEN 'null'
                                  WHEN (
                                    _x2 = 'BOOLEAN'
                                  )
                                  THEN 'boolean'
                                  WHEN (
                                    _x2 = 'BIGINT'
                                  )
                                  THEN 'integer'
                                  WHEN STARTSWITH(_x2, 'DECIMAL(')
                                  THEN CASE
                                    WHEN (
                                      (
                                        REGEXP_EXTRACT(_x2, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                      )
                                      AND (
                                        TRY_VARIANT_GET(`__v0`, '$', 'bigint') IS NULL
                                      )
                                    )
                                    THEN 'integer'
                                    ELSE 'fraction'
                                  END
                                  WHEN (
                                    _x2 = 'DOUBLE'
                                  )
                                  THEN 'fraction'
                                  WHEN (
                                    _x2 = 'STRING'
                                  )
                                  THEN 'string'
                                  WHEN STARTSWITH(_x2, 'ARRAY<')
                                  THEN 'array'
                                  WHEN STARTSWITH(_x2, 'OBJECT<')
                                  THEN 'object'
                                  ELSE 'other'
                                END
                              ),
                              _x3 -> CASE
                                WHEN (
                                  _x3 = 'boolean'
                                )
                                THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                WHEN (
                                  _x3 = 'integer'
                                )
                                THEN CASE
                                  WHEN (
                                    (
                                      NOT TRY_VARIANT_GET(`__v0`, '$', 'bigint') IS NULL
                                    )
                                    AND (
                                      TRY_CAST(TRY_VARIANT_GET(`__v0`, '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(`__v0`, '$', 'decimal(38,0)')
                                    )
                                  )
                                  THEN 1
                                  WHEN (
                                    (
                                      NOT TRY_VARIANT_GET(`__v0`, '$', 'decimal(38,0)') IS NULL
                                    )
                                    AND (
                                      TRY_CAST(TRY_VARIANT_GET(`__v0`, '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(`__v0`, '$', 'decimal(38,0)')
                                    )
                                  )
                                  THEN 3
                                  WHEN TRUE
                                  THEN 6
                                  ELSE 6
                                END
                                WHEN (
                                  _x3 = 'fraction'
                                )
                                THEN CASE
                                  WHEN (
                                    (
                                      (
                                        (
                                          NOT TRY_VARIANT_GET(`__v0`, '$', 'double') IS NULL
                                        )
                                        AND (
                                          NOT ISNAN(TRY_VARIANT_GET(`__v0`, '$', 'double'))
                                        )
                                      )
                                      AND (
                                        ABS(TRY_VARIANT_GET(`__v0`, '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                      )
                                    )
                                    AND CASE
                                      WHEN (
                                        _x2 = 'DOUBLE'
                                      )
                                      THEN TRUE
                                      ELSE (
                                        REGEXP_REPLACE(
                                          REGEXP_REPLACE(
                                            REGEXP_REPLACE(
                                              REGEXP_REPLACE(CAST(TRY_VARIANT_GET(`__v0`, '$', 'double') AS STRING), '[eE].*$', ''),
                                              '^-',
                                              ''
                                            ),
                                            '\\.',
                                            ''
                                          ),
                                          '^0+|0+$',
                                          ''
                                        ) = REGEXP_REPLACE(
                                          REGEXP_REPLACE(REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(`__v0`), '[eE].*$', ''), '^-', ''), '\\.', ''),
                                          '^0+|0+$',
                                          ''
                                        )
                                      )
                                    END
                                  )
                                  THEN 2
                                  WHEN TRUE
                                  THEN 6
                                  ELSE 6
                                END
                                WHEN (
                                  _x3 = 'string'
                                )
                                THEN CASE
                                  WHEN (
                                    (
                                      (
                                        TRY_VARIANT_GET(`__v0`, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                      )
                                      AND (
                                        NOT STARTSWITH(TRY_VARIANT_GET(`__v0`, '$', 'string'), '0000')
                                      )
                                    )
                                    AND (
                                      NOT TRY_TO_DATE(TRY_VARIANT_GET(`__v0`, '$', 'string'), 'yyyy-MM-dd') IS NULL
                                    )
                                  )
                                  THEN 4
                                  WHEN (
                                    (
                                      (
                                        TRY_VARIANT_GET(`__v0`, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                      )
                                      AND (
                                        NOT STARTSWITH(TRY_VARIANT_GET(`__v0`, '$', 'string'), '0000')
                                      )
                                    )
                                    AND (
                                      NOT TRY_CAST(TRY_VARIANT_GET(`__v0`, '$', 'string') AS TIMESTAMP) IS NULL
                                    )
                                  )
                                  THEN 5
                                  WHEN TRUE
                                  THEN 6
                                  ELSE 6
                                END
                              END
                            ),
                            1
                          )
                        ),
                        1
                      ) + 1
                    )
                  )
                  ELSE ELEMENT_AT(
                    ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                    (
                      CASE
                        WHEN (
                          _x1['dim'] = 1
                        )
                        THEN ELEMENT_AT(
                          TRANSFORM(
                            ARRAY(
                              STRUCT(
                                ELEMENT_AT(
                                  ARRAY(
                                    0,
                                    0,
                                    1,
                                    1,
                                    2,
                                    2,
                                    2,
                                    2,
                                    3,
                                    3,
                                    3,
                                    3,
                                    6,
                                    6,
                                    6,
                                    6,
                                    4,
                                    6,
                                    1,
                                    6,
                                    2,
                                    6,
                                    2,
                                    6,
                                    3,
                                    6,
                                    3,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    5,
                                    6,
                                    1,
                                    6,
                                    2,
                                    6,
                                    2,
                                    6,
                                    3,
                                    6,
                                    3,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    5,
                                    6,
                                    1,
                                    6,
                                    2,
                                    6,
                                    2,
                                    6,
                                    3,
                                    6,
                                    3,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6,
                                    6
                                  ),
                                  (
                                    _x1['mask'] + 1
                                  )
                                ) AS j,
                                AGGREGATE(
                                  TRY_VARIANT_GET(`__v0`, '$', 'array<variant>'),
                                  127,
                                  (_acc2, _x2) -> (
                                    _acc2 & ELEMENT_AT(
                                      TRANSFORM(
                                        ARRAY(
                                          ELEMENT_AT(
                                            TRANSFORM(
                                              ARRAY(SCHEMA_OF_VARIANT(_x2)),
                                              _x3 -> ELEMENT_AT(
                                                TRANSFORM(
                                                  ARRAY(
                                                    CASE
                                                      WHEN (
                                                        (
                                                          _x2 IS NULL
                                                        ) OR (
                                                          _x3 = 'VOID'
                                                        )
                                                      )
                                                      THEN 'null'
                                                      WHEN (
                                                        _x3 = 'BOOLEAN'
                                                      )
                                                      THEN 'boolean'
                                                      WHEN (
                                                        _x3 = 'BIGINT'
                                                      )
                                                      THEN 'integer'
                                                      WHEN STARTSWITH(_x3, 'DECIMAL(')
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            REGEXP_EXTRACT(_x3, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                          )
                                                          AND (
                                                            TRY_VARIANT_GET(_x2, '$', 'bigint') IS NULL
                                                          )
                                                        )
                                                        THEN 'integer'
                                                        ELSE 'fraction'
                                                      END
                                                      WHEN (
                                                        _x3 = 'DOUBLE'
                                                      )
                                                      THEN 'fraction'
                                                      WHEN (
                                                        _x3 = 'STRING'
                                                      )
                                                      THEN 'string'
                                                      WHEN STARTSWITH(_x3, 'ARRAY<')
                                                      THEN 'array'
                                                      WHEN STARTSWITH(_x3, 'OBJECT<')
                                                      THEN 'object'
                                                      ELSE 'other'
                                                    END
                                                  ),
                                                  _x4 -> CASE
                                                    WHEN (
                                                      _x4 = 'boolean'
                                                    )
                                                    THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                    WHEN (
                                                      _x4 = 'integer'
                                                    )
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          NOT TRY_VARIANT_GET(_x2, '$', 'bigint') IS NULL
                                                        )
                                                        AND (
                                                          TRY_CAST(TRY_VARIANT_GET(_x2, '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x2, '$', 'decimal(38,0)')
                                                        )
                                                      )
                                                      THEN 1
                                                      WHEN (
                                                        (
                                                          NOT TRY_VARIANT_GET(_x2, '$', 'decimal(38,0)') IS NULL
                                                        )
                                                        AND (
                                                          TRY_CAST(TRY_VARIANT_GET(_x2, '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x2, '$', 'decimal(38,0)')
                                                        )
                                                      )
                                                      THEN 3
                                                      WHEN TRUE
                                                      THEN 6
                                                      ELSE 6
                                                    END
                                                    WHEN (
                                                      _x4 = 'fraction'
                                                    )
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          (
                                                            (
                                                              NOT TRY_VARIANT_GET(_x2, '$', 'double') IS NULL
                                                            )
                                                            AND (
                                                              NOT ISNAN(TRY_VARIANT_GET(_x2, '$', 'double'))
                                                            )
                                                          )
                                                          AND (
                                                            ABS(TRY_VARIANT_GET(_x2, '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                          )
                                                        )
                                                        AND CASE
                                                          WHEN (
                                                            _x3 = 'DOUBLE'
                                                          )
                                                          THEN TRUE
                                                          ELSE (
                                                            REGEXP_REPLACE(
                                                              REGEXP_REPLACE(
                                                                REGEXP_REPLACE(
                                                                  REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x2, '$', 'double') AS STRING), '[eE].*$', ''),
                                                                  '^-',
                                                                  ''
                                                                ),
                                                                '\\.',
                                                                ''
                                                              ),
                                                              '^0+|0+$',
                                                              ''
                                                            ) = REGEXP_REPLACE(
                                                              REGEXP_REPLACE(REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x2), '[eE].*$', ''), '^-', ''), '\\.', ''),
                                                              '^0+|0+$',
                                                              ''
                                                            )
                                                          )
                                                        END
                                                      )
                                                      THEN 2
                                                      WHEN TRUE
                                                      THEN 6
                                                      ELSE 6
                                                    END
                                                    WHEN (
                                                      _x4 = 'string'
                                                    )
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          (
                                                            TRY_VARIANT_GET(_x2, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                          )
                                                          AND (
                                                            NOT STARTSWITH(TRY_VARIANT_GET(_x2, '$', 'string'), '0000')
                                                          )
                                                        )
                                                        AND (
                                                          NOT TRY_TO_DATE(TRY_VARIANT_GET(_x2, '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                        )
                                                      )
                                                      THEN 4
                                                      WHEN (
                                                        (
                                                          (
                                                            TRY_VARIANT_GET(_x2, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                          )
                                                          AND (
                                                            NOT STARTSWITH(TRY_VARIANT_GET(_x2, '$', 'string'), '0000')
                                                          )
                                                        )
                                                        AND (
                                                          NOT TRY_CAST(TRY_VARIANT_GET(_x2, '$', 'string') AS TIMESTAMP) IS NULL
                                                        )
                                                      )
                                                      THEN 5
                                                      WHEN TRUE
                                                      THEN 6
                                                      ELSE 6
                                                    END
                                                  END
                                                ),
                                                1
                                              )
                                            ),
                                            1
                                          )
                                        ),
                                        _x3 -> CASE
                                          WHEN (
                                            _x3 IS NULL
                                          )
                                          THEN 127
                                          WHEN (
                                            _x3 = 0
                                          )
                                          THEN (
                                            (
                                              (
                                                (
                                                  (
                                                    0 | 1
                                                  ) | 2
                                                ) | CASE
                                                  WHEN ELEMENT_AT(
                                                    TRANSFORM(
                                                      ARRAY(TRY_VARIANT_GET(_x2, '$', 'boolean')),
                                                      _x4 -> ELEMENT_AT(
                                                        TRANSFORM(
                                                          ARRAY(
                                                            TRY_CAST(CAST(CASE WHEN _x4 THEN 1 WHEN (
                                                              NOT _x4
                                                            ) THEN 0 END AS BIGINT) AS DOUBLE)
                                                          ),
                                                          _x5 -> (
                                                            COALESCE(
                                                              (
                                                                CASE
                                                                  WHEN (
                                                                    CASE
                                                                      WHEN (
                                                                        (
                                                                          _x5 >= -CAST(9.223372036854776E+18 AS DOUBLE)
                                                                        )
                                                                        AND (
                                                                          _x5 < CAST(9.223372036854776E+18 AS DOUBLE)
                                                                        )
                                                                      )
                                                                      THEN TRY_CAST(_x5 AS BIGINT)
                                                                    END = 1
                                                                  )
                                                                  THEN TRUE
                                                                  WHEN (
                                                                    CASE
                                                                      WHEN (
                                                                        (
                                                                          _x5 >= -CAST(9.223372036854776E+18 AS DOUBLE)
                                                                        )
                                                                        AND (
                                                                          _x5 < CAST(9.223372036854776E+18 AS DOUBLE)
                                                                        )
                                                                      )
                                                                      THEN TRY_CAST(_x5 AS BIGINT)
                                                                    END = 0
                                                                  )
                                                                  THEN FALSE
                                                                END = _x4
                                                              ),
                                                              FALSE
                                                            )
                                                            AND (
                                                              NOT _x5 IS NULL
                                                            )
                                                          )
                                                        ),
                                                        1
                                                      )
                                                    ),
                                                    1
                                                  )
                                                  THEN 4
                                                  ELSE 0
                                                END
                                              ) | 8
                                            ) | 64
                                          )
                                          WHEN (
                                            _x3 = 1
                                          )
                                          THEN (
                                            (
                                              (
                                                (
                                                  0 | 2
                                                ) | CASE
                                                  WHEN ELEMENT_AT(
                                                    TRANSFORM(
                                                      ARRAY(TRY_VARIANT_GET(_x2, '$', 'bigint')),
                                                      _x4 -> ELEMENT_AT(
                                                        TRANSFORM(
                                                          ARRAY(TRY_CAST(_x4 AS DOUBLE)),
                                                          _x5 -> (
                                                            COALESCE(
                                                              (
                                                                CASE
                                                                  WHEN (
                                                                    (
                                                                      _x5 >= -CAST(9.223372036854776E+18 AS DOUBLE)
                                                                    )
                                                                    AND (
                                                                      _x5 < CAST(9.223372036854776E+18 AS DOUBLE)
                                                                    )
                                                                  )
                                                                  THEN TRY_CAST(_x5 AS BIGINT)
                                                                END = _x4
                                                              ),
                                                              FALSE
                                                            )
                                                            AND (
                                                              NOT _x5 IS NULL
                                                            )
                                                          )
                                                        ),
                                                        1
                                                      )
                                                    ),
                                                    1
                                                  )
                                                  THEN 4
                                                  ELSE 0
                                                END
                                              ) | 8
                                            ) | 64
                                          )
                                          WHEN (
                                            _x3 = 2
                                          )
                                          THEN (
                                            (
                                              0 | 4
                                            ) | 64
                                          )
                                          WHEN (
                                            _x3 = 3
                                          )
                                          THEN (
                                            (
                                              0 | 8
                                            ) | 64
                                          )
                                          WHEN (
                                            _x3 = 4
                                          )
                                          THEN (
                                            (
                                              (
                                                (
                                                  (
                                                    (
                                                      0 | 16
                                                    ) | 32
                                                  ) | CASE
                                                    WHEN (
                                                      NOT CASE
                                                        WHEN (
                                                          PMOD(
                                                            UNIX_MICROS(
                                                              CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x2, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                            ),
                                                            1
                                                          ) = 0
                                                        )
                                                        THEN CAST((
                                                          UNIX_MICROS(
                                                            CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x2, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                          ) DIV 1
                                                        ) AS BIGINT)
                                                      END IS NULL
                                                    )
                                                    THEN 2
                                                    ELSE 0
                                                  END
                                                ) | CASE
                                                  WHEN ELEMENT_AT(
                                                    TRANSFORM(
                                                      ARRAY(
                                                        CASE
                                                          WHEN (
                                                            PMOD(
                                                              UNIX_MICROS(
                                                                CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x2, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                              ),
                                                              1
                                                            ) = 0
                                                          )
                                                          THEN CAST((
                                                            UNIX_MICROS(
                                                              CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x2, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                            ) DIV 1
                                                          ) AS BIGINT)
                                                        END
                                                      ),
                                                      _x4 -> ELEMENT_AT(
                                                        TRANSFORM(
                                                          ARRAY(TRY_CAST(_x4 AS DOUBLE)),
                                                          _x5 -> (
                                                            COALESCE(
                                                              (
                                                                CASE
                                                                  WHEN (
                                                                    (
                                                                      _x5 >= -CAST(9.223372036854776E+18 AS DOUBLE)
                                                                    )
                                                                    AND (
                                                                      _x5 < CAST(9.223372036854776E+18 AS DOUBLE)
                                                                    )
                                                                  )
                                                                  THEN TRY_CAST(_x5 AS BIGINT)
                                                                END = _x4
                                                              ),
                                                              FALSE
                                                            )
                                                            AND (
                                                              NOT _x5 IS NULL
                                                            )
                                                          )
                                                        ),
                                                        1
                                                      )
                                                    ),
                                                    1
                                                  )
                                                  THEN 4
                                                  ELSE 0
                                                END
                                              ) | CASE
                                                WHEN (
                                                  NOT TRY_CAST(CASE
                                                    WHEN (
                                                      PMOD(
                                                        UNIX_MICROS(
                                                          CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x2, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                        ),
                                                        1
                                                      ) = 0
                                                    )
                                                    THEN CAST((
                                                      UNIX_MICROS(
                                                        CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x2, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                      ) DIV 1
                                                    ) AS BIGINT)
                                                  END AS DECIMAL(38, 0)) IS NULL
                                                )
                                                THEN 8
                                                ELSE 0
                                              END
                                            ) | 64
                                          )
                                          WHEN (
                                            _x3 = 5
                                          )
                                          THEN (
                                            (
                                              (
                                                (
                                                  (
                                                    0 | 32
                                                  ) | CASE
                                                    WHEN (
                                                      NOT CASE
                                                        WHEN (
                                                          PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x2, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                        )
                                                        THEN CAST((
                                                          UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x2, '$', 'string') AS TIMESTAMP)) DIV 1
                                                        ) AS BIGINT)
                                                      END IS NULL
                                                    )
                                                    THEN 2
                                                    ELSE 0
                                                  END
                                                ) | CASE
                                                  WHEN ELEMENT_AT(
                                                    TRANSFORM(
                                                      ARRAY(
                                                        CASE
                                                          WHEN (
                                                            PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x2, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                          )
                                                          THEN CAST((
                                                            UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x2, '$', 'string') AS TIMESTAMP)) DIV 1
                                                          ) AS BIGINT)
                                                        END
                                                      ),
                                                      _x4 -> ELEMENT_AT(
                                                        TRANSFORM(
                                                          ARRAY(TRY_CAST(_x4 AS DOUBLE)),
                                                          _x5 -> (
                                                            COALESCE(
                                                              (
                                                                CASE
                                                                  WHEN (
                                                                    (
                                                                      _x5 >= -CAST(9.223372036854776E+18 AS DOUBLE)
                                                                    )
                                                                    AND (
                                                                      _x5 < CAST(9.223372036854776E+18 AS DOUBLE)
                                                                    )
                                                                  )
                                                                  THEN TRY_CAST(_x5 AS BIGINT)
                                                                END = _x4
                                                              ),
                                                              FALSE
                                                            )
                                                            AND (
                                                              NOT _x5 IS NULL
                                                            )
                                                          )
                                                        ),
                                                        1
                                                      )
                                                    ),
                                                    1
                                                  )
                                                  THEN 4
                                                  ELSE 0
                                                END
                                              ) | CASE
                                                WHEN (
                                                  NOT TRY_CAST(CASE
                                                    WHEN (
                                                      PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x2, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                    )
                                                    THEN CAST((
                                                      UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x2, '$', 'string') AS TIMESTAMP)) DIV 1
                                                    ) AS BIGINT)
                                                  END AS DECIMAL(38, 0)) IS NULL
                                                )
                                                THEN 8
                                                ELSE 0
                                              END
                                            ) | 64
                                          )
                                          WHEN (
                                            _x3 = 6
                                          )
                                          THEN (
                                            0 | 64
                                          )
                                          ELSE 0
                                        END
                                      ),
                                      1
                                    )
                                  )
                                ) AS e
                              )
                            ),
                            _x2 -> CASE
                              WHEN (
                                _x2['j'] = 0
                              )
                              THEN CASE
                                WHEN (
                                  (
                                    _x2['e'] & 1
                                  ) <> 0
                                )
                                THEN 0
                                WHEN (
                                  (
                                    _x2['e'] & 2
                                  ) <> 0
                                )
                                THEN 1
                                WHEN (
                                  (
                                    _x2['e'] & 4
                                  ) <> 0
                                )
                                THEN 2
                                WHEN (
                                  (
                                    _x2['e'] & 8
                                  ) <> 0
                                )
                                THEN 3
                                WHEN (
                                  (
                                    _x2['e'] & 64
                                  ) <> 0
                                )
                                THEN 6
                                ELSE 6
                              END
                              WHEN (
                                _x2['j'] = 1
                              )
                              THEN CASE
                                WHEN (
                                  (
                                    _x2['e'] & 2
                                  ) <> 0
                                )
                                THEN 1
                                WHEN (
                                  (
                                    _x2['e'] & 4
                                  ) <> 0
                                )
                                THEN 2
                                WHEN (
                                  (
                                    _x2['e'] & 8
                                  ) <> 0
                                )
                                THEN 3
                                WHEN (
                                  (
                                    _x2['e'] & 64
                                  ) <> 0
                                )
                                THEN 6
                                ELSE 6
                              END
                              WHEN (
                                _x2['j'] = 2
                              )
                              THEN CASE
                                WHEN (
                                  (
                                    _x2['e'] & 4
                                  ) <> 0
                                )
                                THEN 2
                                WHEN (
                                  (
                                    _x2['e'] & 64
                                  ) <> 0
                                )
                                THEN 6
                                ELSE 6
                              END
                              WHEN (
                                _x2['j'] = 3
                              )
                              THEN CASE
                                WHEN (
                                  (
                                    _x2['e'] & 8
                                  ) <> 0
                                )
                                THEN 3
                                WHEN (
                                  (
                                    _x2['e'] & 64
                                  ) <> 0
                                )
                                THEN 6
                                ELSE 6
                              END
                              WHEN (
                                _x2['j'] = 4
                              )
                              THEN CASE
                                WHEN (
                                  (
                                    _x2['e'] & 16
                                  ) <> 0
                                )
                                THEN 4
                                WHEN (
                                  (
                                    _x2['e'] & 32
                                  ) <> 0
                                )
                                THEN 5
                                WHEN (
                                  (
                                    _x2['e'] & 2
                                  ) <> 0
                                )
                                THEN 1
                                WHEN (
                                  (
                                    _x2['e'] & 4
                                  ) <> 0
                                )
                                THEN 2
                                WHEN (
                                  (
                                    _x2['e'] & 8
                                  ) <> 0
                                )
                                THEN 3
                                WHEN (
                                  (
                                    _x2['e'] & 64
                                  ) <> 0
                                )
                                THEN 6
                                ELSE 6
                              END
                              WHEN (
                                _x2['j'] = 5
                              )
                              THEN CASE
                                WHEN (
                                  (
                                    _x2['e'] & 32
                                  ) <> 0
                                )
                                THEN 5
                                WHEN (
                                  (
                                    _x2['e'] & 2
                                  ) <> 0
                                )
                                THEN 1
                                WHEN (
                                  (
                                    _x2['e'] & 4
                                  ) <> 0
                                )
                                THEN 2
                                WHEN (
                                  (
                                    _x2['e'] & 8
                                  ) <> 0
                                )
                                THEN 3
                                WHEN (
                                  (
                                    _x2['e'] & 64
                                  ) <> 0
                                )
                                THEN 6
                                ELSE 6
                              END
                              WHEN (
                                _x2['j'] = 6
                              )
                              THEN CASE WHEN (
                                (
                                  _x2['e'] & 64
                                ) <> 0
                              ) THEN 6 ELSE 6 END
                            END
                          ),
                          1
                        )
                      END + 1
                    )
                  )
                END,
                REPEAT('[]', _x1['dim'])
              )
            END
          ),
          1
        ) AS `__s0`
      FROM (
        SELECT
          ELEMENT_AT(`__m`, 'a') AS `__v0`
        FROM (
          SELECT
            TRY_VARIANT_GET(TRY_PARSE_JSON(`value`), '$', 'map<string,variant>') AS `__m`
          FROM batch
        )
      )
    )
  )
);
