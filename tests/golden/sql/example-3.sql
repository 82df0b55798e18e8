-- widen compile: an empty table with 1 batch(es) planned, rules <types.rules>
-- reads `batch` (a `value` column of JSON text, one record per row); writes these columns
--   a.b::double    (added by the batches)
--   a.b_boolean::boolean    (added by the batches)
-- where each value goes (field as observed shape -> column):
--   a as record -> a (as is)
--   a.b as boolean -> a.b (boolean -> long -> double via bool_to_int, cast; exact values only)
--   a.b as boolean -> a.b_boolean (as is)
--   a.b as double -> a.b (as is)
--   a.b as long -> a.b (long -> double via cast; exact values only)
-- columns the batches add: a
SELECT
  CAST(CASE
    WHEN COALESCE(
      STARTSWITH(SCHEMA_OF_VARIANT(CASE WHEN (
        `__s0` = 'record'
      ) THEN `__v0` END), 'OBJECT<'),
      FALSE
    )
    THEN ELEMENT_AT(
      TRANSFORM(
        ARRAY(
          STRUCT(
            ELEMENT_AT(
              TRY_VARIANT_GET(CASE WHEN (
                `__s0` = 'record'
              ) THEN `__v0` END, '$', 'map<string,variant>'),
              'b'
            ) AS v0
          )
        ),
        _x1 -> ELEMENT_AT(
          TRANSFORM(
            ARRAY(
              STRUCT(
                _x1['v0'] AS v0,
                ELEMENT_AT(
                  TRANSFORM(
                    ARRAY(
                      ELEMENT_AT(
                        TRANSFORM(
                          ARRAY(SCHEMA_OF_VARIANT(_x1['v0'])),
                          _x2 -> ELEMENT_AT(
                            TRANSFORM(
                              ARRAY(
                                CASE
                                  WHEN (
                                    (
                                      _x1['v0'] IS NULL
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
                                        TRY_VARIANT_GET(_x1['v0'], '$', 'bigint') IS NULL
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
                                  _x3 = 'null'
                                )
                                THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                WHEN (
                                  _x3 = 'object'
                                )
                                THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                WHEN (
                                  _x3 = 'array'
                                )
                                THEN CASE
                                  WHEN (
                                    _x2 RLIKE '^(ARRAY<)+VOID>+$'
                                  )
                                  THEN STRUCT(1 AS kind, (
                                    SIZE(SPLIT(_x2, 'ARRAY<')) - 1
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
                                          _x3 = 'boolean'
                                        )
                                        THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                        WHEN (
                                          _x3 = 'integer'
                                        )
                                        THEN CASE
                                          WHEN (
                                            (
                                              NOT TRY_VARIANT_GET(_x1['v0'], '$', 'bigint') IS NULL
                                            )
                                            AND (
                                              TRY_CAST(TRY_VARIANT_GET(_x1['v0'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x1['v0'], '$', 'decimal(38,0)')
                                            )
                                          )
                                          THEN 1
                                          WHEN (
                                            (
                                              NOT TRY_VARIANT_GET(_x1['v0'], '$', 'decimal(38,0)') IS NULL
                                            )
                                            AND (
                                              TRY_CAST(TRY_VARIANT_GET(_x1['v0'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x1['v0'], '$', 'decimal(38,0)')
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
                                                  NOT TRY_VARIANT_GET(_x1['v0'], '$', 'double') IS NULL
                                                )
                                                AND (
                                                  NOT ISNAN(TRY_VARIANT_GET(_x1['v0'], '$', 'double'))
                                                )
                                              )
                                              AND (
                                                ABS(TRY_VARIANT_GET(_x1['v0'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
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
                                                      REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x1['v0'], '$', 'double') AS STRING), '[eE].*$', ''),
                                                      '^-',
                                                      ''
                                                    ),
                                                    '\\.',
                                                    ''
                                                  ),
                                                  '^0+|0+$',
                                                  ''
                                                ) = REGEXP_REPLACE(
                                                  REGEXP_REPLACE(
                                                    REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x1['v0']), '[eE].*$', ''), '^-', ''),
                                                    '\\.',
                                                    ''
                                                  ),
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
                                                TRY_VARIANT_GET(_x1['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                              )
                                              AND (
                                                NOT STARTSWITH(TRY_VARIANT_GET(_x1['v0'], '$', 'string'), '0000')
                                              )
                                            )
                                            AND (
                                              NOT TRY_TO_DATE(TRY_VARIANT_GET(_x1['v0'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                            )
                                          )
                                          THEN 4
                                          WHEN (
                                            (
                                              (
                                                TRY_VARIANT_GET(_x1['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                              )
                                              AND (
                                                NOT STARTSWITH(TRY_VARIANT_GET(_x1['v0'], '$', 'string'), '0000')
                                              )
                                            )
                                            AND (
                                              NOT TRY_CAST(TRY_VARIANT_GET(_x1['v0'], '$', 'string') AS TIMESTAMP) IS NULL
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
                    _x2 -> CASE
                      WHEN (
                        _x2['kind'] = 0
                      )
                      THEN 'null'
                      WHEN (
                        _x2['kind'] = 1
                      )
                      THEN 'empty'
                      WHEN (
                        COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x1['v0']), 'OBJECT<'), FALSE)
                        AND (
                          SIZE(
                            ARRAY_REMOVE(MAP_KEYS(TRY_VARIANT_GET(_x1['v0'], '$', 'map<string,variant>')), '')
                          ) = 0
                        )
                      )
                      THEN 'empty'
                      WHEN (
                        _x2['kind'] = 2
                      )
                      THEN ELEMENT_AT(
                        ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                        (
                          6 + 1
                        )
                      )
                      WHEN (
                        _x2['kind'] = 4
                      )
                      THEN CONCAT('record', REPEAT('[]', _x2['dim']))
                      ELSE CONCAT(
                        CASE
                          WHEN (
                            _x2['dim'] = 0
                          )
                          THEN ELEMENT_AT(
                            ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                            (
                              ELEMENT_AT(
                                TRANSFORM(
                                  ARRAY(SCHEMA_OF_VARIANT(_x1['v0'])),
                                  _x3 -> ELEMENT_AT(
                                    TRANSFORM(
                                      ARRAY(
                                        CASE
                                          WHEN (
                                            (
                                              _x1['v0'] IS NULL
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
                                                TRY_VARIANT_GET(_x1['v0'], '$', 'bigint') IS NULL
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
                                              NOT TRY_VARIANT_GET(_x1['v0'], '$', 'bigint') IS NULL
                                            )
                                            AND (
                                              TRY_CAST(TRY_VARIANT_GET(_x1['v0'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x1['v0'], '$', 'decimal(38,0)')
                                            )
                                          )
                                          THEN 1
                                          WHEN (
                                            (
                                              NOT TRY_VARIANT_GET(_x1['v0'], '$', 'decimal(38,0)') IS NULL
                                            )
                                            AND (
                                              TRY_CAST(TRY_VARIANT_GET(_x1['v0'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x1['v0'], '$', 'decimal(38,0)')
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
                                                  NOT TRY_VARIANT_GET(_x1['v0'], '$', 'double') IS NULL
                                                )
                                                AND (
                                                  NOT ISNAN(TRY_VARIANT_GET(_x1['v0'], '$', 'double'))
                                                )
                                              )
                                              AND (
                                                ABS(TRY_VARIANT_GET(_x1['v0'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
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
                                                      REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x1['v0'], '$', 'double') AS STRING), '[eE].*$', ''),
                                                      '^-',
                                                      ''
                                                    ),
                                                    '\\.',
                                                    ''
                                                  ),
                                                  '^0+|0+$',
                                                  ''
                                                ) = REGEXP_REPLACE(
                                                  REGEXP_REPLACE(
                                                    REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x1['v0']), '[eE].*$', ''), '^-', ''),
                                                    '\\.',
                                                    ''
                                                  ),
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
                                                TRY_VARIANT_GET(_x1['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                              )
                                              AND (
                                                NOT STARTSWITH(TRY_VARIANT_GET(_x1['v0'], '$', 'string'), '0000')
                                              )
                                            )
                                            AND (
                                              NOT TRY_TO_DATE(TRY_VARIANT_GET(_x1['v0'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                            )
                                          )
                                          THEN 4
                                          WHEN (
                                            (
                                              (
                                                TRY_VARIANT_GET(_x1['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                              )
                                              AND (
                                                NOT STARTSWITH(TRY_VARIANT_GET(_x1['v0'], '$', 'string'), '0000')
                                              )
                                            )
                                            AND (
                                              NOT TRY_CAST(TRY_VARIANT_GET(_x1['v0'], '$', 'string') AS TIMESTAMP) IS NULL
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
                        REPEAT('[]', _x2['dim'])
                      )
                    END
                  ),
                  1
                ) AS s0
              )
            ),
            _x2 -> ELEMENT_AT(
              TRANSFORM(
                ARRAY(
                  STRUCT(
                    CASE
                      WHEN (
                        _x2['s0'] = 'boolean'
                      )
                      THEN TRY_VARIANT_GET(_x2['v0'], '$', 'boolean')
                    END AS __t0_0,
                    CASE
                      WHEN (
                        _x2['s0'] = 'long'
                      )
                      THEN TRY_VARIANT_GET(_x2['v0'], '$', 'bigint')
                    END AS __t0_1
                  )
                ),
                _x3 -> ELEMENT_AT(
                  TRANSFORM(
                    ARRAY(
                      STRUCT(
                        CASE
                          WHEN (
                            _x2['s0'] = 'boolean'
                          )
                          THEN TRY_CAST(CAST(CASE WHEN _x3['__t0_0'] THEN 1 WHEN (
                            NOT _x3['__t0_0']
                          ) THEN 0 END AS BIGINT) AS DOUBLE)
                        END AS __c0,
                        CASE WHEN (
                          _x2['s0'] = 'long'
                        ) THEN TRY_CAST(_x3['__t0_1'] AS DOUBLE) END AS __c1
                      )
                    ),
                    _x4 -> STRUCT(
                      CAST(CASE
                        WHEN (
                          _x2['s0'] = 'boolean'
                        )
                        THEN CASE
                          WHEN (
                            (
                              _x3['__t0_0'] IS NULL
                            )
                            OR ELEMENT_AT(
                              TRANSFORM(
                                ARRAY(_x3['__t0_0']),
                                _x5 -> ELEMENT_AT(
                                  TRANSFORM(
                                    ARRAY(
                                      TRY_CAST(CAST(CASE WHEN _x5 THEN 1 WHEN (
                                        NOT _x5
                                      ) THEN 0 END AS BIGINT) AS DOUBLE)
                                    ),
                                    _x6 -> (
                                      COALESCE(
                                        (
                                          CASE
                                            WHEN (
                                              CASE
                                                WHEN (
                                                  (
                                                    _x6 >= -CAST(9.223372036854776E+18 AS DOUBLE)
                                                  )
                                                  AND (
                                                    _x6 < CAST(9.223372036854776E+18 AS DOUBLE)
                                                  )
                                                )
                                                THEN TRY_CAST(_x6 AS BIGINT)
                                              END = 1
                                            )
                                            THEN TRUE
                                            WHEN (
                                              CASE
                                                WHEN (
                                                  (
                                                    _x6 >= -CAST(9.223372036854776E+18 AS DOUBLE)
                                                  )
                                                  AND (
                                                    _x6 < CAST(9.223372036854776E+18 AS DOUBLE)
                                                  )
                                                )
                                                THEN TRY_CAST(_x6 AS BIGINT)
                                              END = 0
                                            )
                                            THEN FALSE
                                          END = _x5
                                        ),
                                        FALSE
                                      )
                                      AND (
                                        NOT _x6 IS NULL
                                      )
                                    )
                                  ),
                                  1
                                )
                              ),
                              1
                            )
                          )
                          THEN _x4['__c0']
                        END
                        WHEN (
                          _x2['s0'] = 'double'
                        )
                        THEN (
                          TRY_VARIANT_GET(_x2['v0'], '$', 'double') + CAST(CAST(0.0 AS DOUBLE) AS DOUBLE)
                        )
                        WHEN (
                          _x2['s0'] = 'long'
                        )
                        THEN CASE
                          WHEN (
                            (
                              _x3['__t0_1'] IS NULL
                            )
                            OR ELEMENT_AT(
                              TRANSFORM(
                                ARRAY(_x3['__t0_1']),
                                _x5 -> ELEMENT_AT(
                                  TRANSFORM(
                                    ARRAY(TRY_CAST(_x5 AS DOUBLE)),
                                    _x6 -> (
                                      COALESCE(
                                        (
                                          CASE
                                            WHEN (
                                              (
                                                _x6 >= -CAST(9.223372036854776E+18 AS DOUBLE)
                                              )
                                              AND (
                                                _x6 < CAST(9.223372036854776E+18 AS DOUBLE)
                                              )
                                            )
                                            THEN TRY_CAST(_x6 AS BIGINT)
                                          END = _x5
                                        ),
                                        FALSE
                                      )
                                      AND (
                                        NOT _x6 IS NULL
                                      )
                                    )
                                  ),
                                  1
                                )
                              ),
                              1
                            )
                          )
                          THEN _x4['__c1']
                        END
                        ELSE CAST(NULL AS DOUBLE)
                      END AS DOUBLE) AS b,
                      CAST(CASE
                        WHEN (
                          _x2['s0'] = 'boolean'
                        )
                        THEN _x3['__t0_0']
                        ELSE CAST(NULL AS BOOLEAN)
                      END AS BOOLEAN) AS b_boolean
                    )
                  ),
                  1
                )
              ),
              1
            )
          ),
          1
        )
      ),
      1
    )
  END AS STRUCT<`b`: DOUBLE, `b_boolean`: BOOLEAN>) AS `a`
FROM (
  SELECT
    `__v0` AS `__v0`,
    `__s0` AS `__s0`
  FROM (
    SELECT
      `__v0` AS `__v0`,
      `__s0` AS `__s0`
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
