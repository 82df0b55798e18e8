-- widen compile: an empty table with 2 batch(es) planned, rules <types.rules>
-- reads `batch` (a `value` column of JSON text, one record per row); writes these columns
--   started::timestamp    (added by the batches)
--   started_long::long    (added by the batches)
-- where each value goes (field as observed shape -> column):
--   started as long -> started (long -> timestamp via epoch_millis; conversion (not a widening))
--   started as long -> started_long (as is)
--   started as timestamp -> started (as is)
--   started as timestamp -> started_long (timestamp -> long via epoch_micros; exact values only)
-- columns the batches add: started, started_long
SELECT
  CAST(CASE
    WHEN (
      `__s0` = 'long'
    )
    THEN CASE WHEN (
      NOT `__c0` IS NULL
    ) THEN `__c0` END
    WHEN (
      `__s0` = 'timestamp'
    )
    THEN `__t0_1`
    ELSE CAST(NULL AS TIMESTAMP)
  END AS TIMESTAMP) AS `started`,
  CAST(CASE
    WHEN (
      `__s0` = 'long'
    )
    THEN `__t0_0`
    WHEN (
      `__s0` = 'timestamp'
    )
    THEN CASE
      WHEN (
        (
          `__t0_1` IS NULL
        )
        OR (
          NOT CASE
            WHEN (
              PMOD(UNIX_MICROS(`__t0_1`), 1) = 0
            )
            THEN CAST((
              UNIX_MICROS(`__t0_1`) DIV 1
            ) AS BIGINT)
          END IS NULL
        )
      )
      THEN `__c1`
    END
    ELSE CAST(NULL AS BIGINT)
  END AS BIGINT) AS `started_long`
FROM (
  SELECT
    `__v0` AS `__v0`,
    `__s0` AS `__s0`,
    `__t0_0` AS `__t0_0`,
    `__t0_1` AS `__t0_1`,
    CASE
      WHEN (
        `__s0` = 'long'
      )
      THEN CASE
        WHEN (
          TRY_MULTIPLY(CAST(`__t0_0` AS BIGINT), 1000) BETWEEN -CAST(62135596800000000 AS BIGINT) AND CAST(253402300799999999 AS BIGINT)
        )
        THEN TIMESTAMP_MICROS(TRY_MULTIPLY(CAST(`__t0_0` AS BIGINT), 1000))
      END
    END AS `__c0`,
    CASE
      WHEN (
        `__s0` = 'timestamp'
      )
      THEN CASE
        WHEN (
          PMOD(UNIX_MICROS(`__t0_1`), 1) = 0
        )
        THEN CAST((
          UNIX_MICROS(`__t0_1`) DIV 1
        ) AS BIGINT)
      END
    END AS `__c1`
  FROM (
    SELECT
      `__v0` AS `__v0`,
      `__s0` AS `__s0`,
      CASE WHEN (
        `__s0` = 'long'
      ) THEN TRY_VARIANT_GET(`__v0`, '$', 'bigint') END AS `__t0_0`,
      CASE
        WHEN (
          `__s0` = 'timestamp'
        )
        THEN TRY_CAST(TRY_VARIANT_GET(`__v0`, '$', 'string') AS TIMESTAMP)
      END AS `__t0_1`
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
                        THEN CASE
                          WHEN (
                            _x1 RLIKE '^(ARRAY<)+VOID>+$'
                          )
                          THEN STRUCT(1 AS kind, (
                            SIZE(SPLIT(_x1, 'ARRAY<')) - 1
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
                END,
                REPEAT('[]', _x1['dim'])
              )
            END
          ),
          1
        ) AS `__s0`
      FROM (
        SELECT
          ELEMENT_AT(`__m`, 'started') AS `__v0`
        FROM (
          SELECT
            TRY_VARIANT_GET(TRY_PARSE_JSON(`value`), '$', 'map<string,variant>') AS `__m`
          FROM batch
        )
      )
    )
  )
);
