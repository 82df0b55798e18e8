-- widen compile: an empty table with 1 batch(es) planned, rules <types.rules>
-- reads `batch` (a `value` column of JSON text, one record per row); writes these columns
--   a.b[][][].c::string    (added by the batches)
--   a.b[][][].x::string    (added by the batches)
--   a.b[][][].y::string    (added by the batches)
--   a.b[][][].z::string    (added by the batches)
--   a.b_record.c::string    (added by the batches)
--   a.b_array_record[].x::string    (added by the batches)
--   a.b_array2_record[][].y::string    (added by the batches)
-- where each value goes (field as observed shape -> column):
--   a as record -> a (as is)
--   a.b as record -> a.b_record (as is)
--   a.b as record -> a.b (as is; wrapped in 3 array levels)
--   a.b as record[] -> a.b_array_record (as is)
--   a.b as record[] -> a.b (as is; wrapped in 2 array levels)
--   a.b as record[][] -> a.b_array2_record (as is)
--   a.b as record[][] -> a.b (as is; wrapped in 1 array level)
--   a.b as record[][][] -> a.b (as is)
--   a.b.c as string -> a.b.c (as is)
--   a.b.x as string -> a.b.x (as is)
--   a.b.y as string -> a.b.y (as is)
--   a.b.z as string -> a.b.z (as is)
--   a.b_record.c as string -> a.b_record.c (as is)
--   a.b_array_record.x as string -> a.b_array_record.x (as is)
--   a.b_array2_record.y as string -> a.b_array2_record.y (as is)
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
                                THEN AGGREGATE(
                                  TRANSFORM(
                                    TRY_VARIANT_GET(_x1['v0'], '$', 'array<variant>'),
                                    _x4 -> ELEMENT_AT(
                                      TRANSFORM(
                                        ARRAY(SCHEMA_OF_VARIANT(_x4)),
                                        _x5 -> ELEMENT_AT(
                                          TRANSFORM(
                                            ARRAY(
                                              CASE
                                                WHEN (
                                                  (
                                                    _x4 IS NULL
                                                  ) OR (
                                                    _x5 = 'VOID'
                                                  )
                                                )
                                                THEN 'null'
                                                WHEN (
                                                  _x5 = 'BOOLEAN'
                                                )
                                                THEN 'boolean'
                                                WHEN (
                                                  _x5 = 'BIGINT'
                                                )
                                                THEN 'integer'
                                                WHEN STARTSWITH(_x5, 'DECIMAL(')
                                                THEN CASE
                                                  WHEN (
                                                    (
                                                      REGEXP_EXTRACT(_x5, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                    )
                                                    AND (
                                                      TRY_VARIANT_GET(_x4, '$', 'bigint') IS NULL
                                                    )
                                                  )
                                                  THEN 'integer'
                                                  ELSE 'fraction'
                                                END
                                                WHEN (
                                                  _x5 = 'DOUBLE'
                                                )
                                                THEN 'fraction'
                                                WHEN (
                                                  _x5 = 'STRING'
                                                )
                                                THEN 'string'
                                                WHEN STARTSWITH(_x5, 'ARRAY<')
                                                THEN 'array'
                                                WHEN STARTSWITH(_x5, 'OBJECT<')
                                                THEN 'object'
                                                ELSE 'other'
                                              END
                                            ),
                                            _x6 -> CASE
                                              WHEN (
                                                _x6 = 'null'
                                              )
                                              THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                              WHEN (
                                                _x6 = 'object'
                                              )
                                              THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                              WHEN (
                                                _x6 = 'array'
                                              )
                                              THEN AGGREGATE(
                                                TRANSFORM(
                                                  TRY_VARIANT_GET(_x4, '$', 'array<variant>'),
                                                  _x7 -> ELEMENT_AT(
                                                    TRANSFORM(
                                                      ARRAY(SCHEMA_OF_VARIANT(_x7)),
                                                      _x8 -> ELEMENT_AT(
                                                        TRANSFORM(
                                                          ARRAY(
                                                            CASE
                                                              WHEN (
                                                                (
                                                                  _x7 IS NULL
                                                                ) OR (
                                                                  _x8 = 'VOID'
                                                                )
                                                              )
                                                              THEN 'null'
                                                              WHEN (
                                                                _x8 = 'BOOLEAN'
                                                              )
                                                              THEN 'boolean'
                                                              WHEN (
                                                                _x8 = 'BIGINT'
                                                              )
                                                              THEN 'integer'
                                                              WHEN STARTSWITH(_x8, 'DECIMAL(')
                                                              THEN CASE
                                                                WHEN (
                                                                  (
                                                                    REGEXP_EXTRACT(_x8, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                                  )
                                                                  AND (
                                                                    TRY_VARIANT_GET(_x7, '$', 'bigint') IS NULL
                                                                  )
                                                                )
                                                                THEN 'integer'
                                                                ELSE 'fraction'
                                                              END
                                                              WHEN (
                                                                _x8 = 'DOUBLE'
                                                              )
                                                              THEN 'fraction'
                                                              WHEN (
                                                                _x8 = 'STRING'
                                                              )
                                                              THEN 'string'
                                                              WHEN STARTSWITH(_x8, 'ARRAY<')
                                                              THEN 'array'
                                                              WHEN STARTSWITH(_x8, 'OBJECT<')
                                                              THEN 'object'
                                                              ELSE 'other'
                                                            END
                                                          ),
                                                          _x9 -> CASE
                                                            WHEN (
                                                              _x9 = 'null'
                                                            )
                                                            THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                                            WHEN (
                                                              _x9 = 'object'
                                                            )
                                                            THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                                            WHEN (
                                                              _x9 = 'array'
                                                            )
                                                            THEN AGGREGATE(
                                                              TRANSFORM(
                                                                TRY_VARIANT_GET(_x7, '$', 'array<variant>'),
                                                                _x10 -> ELEMENT_AT(
                                                                  TRANSFORM(
                                                                    ARRAY(SCHEMA_OF_VARIANT(_x10)),
                                                                    _x11 -> ELEMENT_AT(
                                                                      TRANSFORM(
                                                                        ARRAY(
                                                                          CASE
                                                                            WHEN (
                                                                              (
                                                                                _x10 IS NULL
                                                                              ) OR (
                                                                                _x11 = 'VOID'
                                                                              )
                                                                            )
                                                                            THEN 'null'
                                                                            WHEN (
                                                                              _x11 = 'BOOLEAN'
                                                                            )
                                                                            THEN 'boolean'
                                                                            WHEN (
                                                                              _x11 = 'BIGINT'
                                                                            )
                                                                            THEN 'integer'
                                                                            WHEN STARTSWITH(_x11, 'DECIMAL(')
                                                                            THEN CASE
                                                                              WHEN (
                                                                                (
                                                                                  REGEXP_EXTRACT(_x11, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                                                )
                                                                                AND (
                                                                                  TRY_VARIANT_GET(_x10, '$', 'bigint') IS NULL
                                                                                )
                                                                              )
                                                                              THEN 'integer'
                                                                              ELSE 'fraction'
                                                                            END
                                                                            WHEN (
                                                                              _x11 = 'DOUBLE'
                                                                            )
                                                                            THEN 'fraction'
                                                                            WHEN (
                                                                              _x11 = 'STRING'
                                                                            )
                                                                            THEN 'string'
                                                                            WHEN STARTSWITH(_x11, 'ARRAY<')
                                                                            THEN 'array'
                                                                            WHEN STARTSWITH(_x11, 'OBJECT<')
                                                                            THEN 'object'
                                                                            ELSE 'other'
                                                                          END
                                                                        ),
                                                                        _x12 -> CASE
                                                                          WHEN (
                                                                            _x12 = 'null'
                                                                          )
                                                                          THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                                                          WHEN (
                                                                            _x12 = 'object'
                                                                          )
                                                                          THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                                                          WHEN (
                                                                            _x12 = 'array'
                                                                          )
                                                                          THEN CASE
                                                                            WHEN (
                                                                              _x11 RLIKE '^(ARRAY<)+VOID>+$'
                                                                            )
                                                                            THEN STRUCT(1 AS kind, (
                                                                              SIZE(SPLIT(_x11, 'ARRAY<')) - 1
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
                                                                                    _x12 = 'boolean'
                                                                                  )
                                                                                  THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                                                  WHEN (
                                                                                    _x12 = 'integer'
                                                                                  )
                                                                                  THEN CASE
                                                                                    WHEN (
                                                                                      (
                                                                                        NOT TRY_VARIANT_GET(_x10, '$', 'bigint') IS NULL
                                                                                      )
                                                                                      AND (
                                                                                        TRY_CAST(TRY_VARIANT_GET(_x10, '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x10, '$', 'decimal(38,0)')
                                                                                      )
                                                                                    )
                                                                                    THEN 1
                                                                                    WHEN (
                                                                                      (
                                                                                        NOT TRY_VARIANT_GET(_x10, '$', 'decimal(38,0)') IS NULL
                                                                                      )
                                                                                      AND (
                                                                                        TRY_CAST(TRY_VARIANT_GET(_x10, '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x10, '$', 'decimal(38,0)')
                                                                                      )
                                                                                    )
                                                                                    THEN 3
                                                                                    WHEN TRUE
                                                                                    THEN 6
                                                                                    ELSE 6
                                                                                  END
                                                                                  WHEN (
                                                                                    _x12 = 'fraction'
                                                                                  )
                                                                                  THEN CASE
                                                                                    WHEN (
                                                                                      (
                                                                                        (
                                                                                          (
                                                                                            NOT TRY_VARIANT_GET(_x10, '$', 'double') IS NULL
                                                                                          )
                                                                                          AND (
                                                                                            NOT ISNAN(TRY_VARIANT_GET(_x10, '$', 'double'))
                                                                                          )
                                                                                        )
                                                                                        AND (
                                                                                          ABS(TRY_VARIANT_GET(_x10, '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                                                        )
                                                                                      )
                                                                                      AND CASE
                                                                                        WHEN (
                                                                                          _x11 = 'DOUBLE'
                                                                                        )
                                                                                        THEN TRUE
                                                                                        ELSE (
                                                                                          REGEXP_REPLACE(
                                                                                            REGEXP_REPLACE(
                                                                                              REGEXP_REPLACE(
                                                                                                REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x10, '$', 'double') AS STRING), '[eE].*$', ''),
                                                                                                '^-',
                                                                                                ''
                                                                                              ),
                                                                                              '\\.',
                                                                                              ''
                                                                                            ),
                                                                                            '^0+|0+$',
                                                                                            ''
                                                                                          ) = REGEXP_REPLACE(
                                                                                            REGEXP_REPLACE(REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x10), '[eE].*$', ''), '^-', ''), '\\.', ''),
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
                                                                                    _x12 = 'string'
                                                                                  )
                                                                                  THEN CASE
                                                                                    WHEN (
                                                                                      (
                                                                                        (
                                                                                          TRY_VARIANT_GET(_x10, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                                        )
                                                                                        AND (
                                                                                          NOT STARTSWITH(TRY_VARIANT_GET(_x10, '$', 'string'), '0000')
                                                                                        )
                                                                                      )
                                                                                      AND (
                                                                                        NOT TRY_TO_DATE(TRY_VARIANT_GET(_x10, '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                                                      )
                                                                                    )
                                                                                    THEN 4
                                                                                    WHEN (
                                                                                      (
                                                                                        (
                                                                                          TRY_VARIANT_GET(_x10, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                                        )
                                                                                        AND (
                                                                                          NOT STARTSWITH(TRY_VARIANT_GET(_x10, '$', 'string'), '0000')
                                                                                        )
                                                                                      )
                                                                                      AND (
                                                                                        NOT TRY_CAST(TRY_VARIANT_GET(_x10, '$', 'string') AS TIMESTAMP) IS NULL
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
                                                              (_acc10, _x10) -> STRUCT(
                                                                (
                                                                  _acc10['kinds'] | CASE WHEN (
                                                                    _x10['kind'] = 3
                                                                  ) THEN 1 WHEN (
                                                                    _x10['kind'] = 4
                                                                  ) THEN 2 ELSE 0 END
                                                                ) AS kinds,
                                                                CASE
                                                                  WHEN (
                                                                    (
                                                                      _x10['kind'] = 3
                                                                    ) OR (
                                                                      _x10['kind'] = 4
                                                                    )
                                                                  )
                                                                  THEN CASE
                                                                    WHEN (
                                                                      _acc10['mind'] < 0
                                                                    )
                                                                    THEN _x10['dim']
                                                                    ELSE LEAST(_acc10['mind'], _x10['dim'])
                                                                  END
                                                                  ELSE _acc10['mind']
                                                                END AS mind,
                                                                CASE
                                                                  WHEN (
                                                                    (
                                                                      _x10['kind'] = 3
                                                                    ) OR (
                                                                      _x10['kind'] = 4
                                                                    )
                                                                  )
                                                                  THEN GREATEST(_acc10['maxd'], _x10['dim'])
                                                                  ELSE _acc10['maxd']
                                                                END AS maxd,
                                                                CASE
                                                                  WHEN (
                                                                    (
                                                                      _x10['kind'] = 3
                                                                    ) OR (
                                                                      _x10['kind'] = 4
                                                                    )
                                                                  )
                                                                  THEN (
                                                                    _acc10['mask'] | _x10['mask']
                                                                  )
                                                                  ELSE _acc10['mask']
                                                                END AS mask,
                                                                CASE
                                                                  WHEN (
                                                                    _x10['kind'] = 1
                                                                  )
                                                                  THEN GREATEST(_acc10['edepth'], _x10['dim'])
                                                                  ELSE _acc10['edepth']
                                                                END AS edepth,
                                                                (
                                                                  _acc10['mixed'] OR (
                                                                    _x10['kind'] = 2
                                                                  )
                                                                ) AS mixed
                                                              ),
                                                              _acc10 -> CASE
                                                                WHEN (
                                                                  (
                                                                    (
                                                                      _acc10['mixed'] OR (
                                                                        _acc10['kinds'] = 3
                                                                      )
                                                                    )
                                                                    OR (
                                                                      (
                                                                        _acc10['kinds'] > 0
                                                                      ) AND (
                                                                        _acc10['mind'] <> _acc10['maxd']
                                                                      )
                                                                    )
                                                                  )
                                                                  OR (
                                                                    (
                                                                      _acc10['kinds'] > 0
                                                                    ) AND (
                                                                      _acc10['edepth'] > _acc10['maxd']
                                                                    )
                                                                  )
                                                                )
                                                                THEN STRUCT(2 AS kind, 0 AS dim, 0 AS mask)
                                                                WHEN (
                                                                  _acc10['kinds'] = 0
                                                                )
                                                                THEN STRUCT(1 AS kind, (
                                                                  _acc10['edepth'] + 1
                                                                ) AS dim, 0 AS mask)
                                                                WHEN (
                                                                  _acc10['kinds'] = 1
                                                                )
                                                                THEN STRUCT(3 AS kind, (
                                                                  _acc10['maxd'] + 1
                                                                ) AS dim, _acc10['mask'] AS mask)
                                                                ELSE STRUCT(4 AS kind, (
                                                                  _acc10['maxd'] + 1
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
                                                                      _x9 = 'boolean'
                                                                    )
                                                                    THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                                    WHEN (
                                                                      _x9 = 'integer'
                                                                    )
                                                                    THEN CASE
                                                                      WHEN (
                                                                        (
                                                                          NOT TRY_VARIANT_GET(_x7, '$', 'bigint') IS NULL
                                                                        )
                                                                        AND (
                                                                          TRY_CAST(TRY_VARIANT_GET(_x7, '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x7, '$', 'decimal(38,0)')
                                                                        )
                                                                      )
                                                                      THEN 1
                                                                      WHEN (
                                                                        (
                                                                          NOT TRY_VARIANT_GET(_x7, '$', 'decimal(38,0)') IS NULL
                                                                        )
                                                                        AND (
                                                                          TRY_CAST(TRY_VARIANT_GET(_x7, '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x7, '$', 'decimal(38,0)')
                                                                        )
                                                                      )
                                                                      THEN 3
                                                                      WHEN TRUE
                                                                      THEN 6
                                                                      ELSE 6
                                                                    END
                                                                    WHEN (
                                                                      _x9 = 'fraction'
                                                                    )
                                                                    THEN CASE
                                                                      WHEN (
                                                                        (
                                                                          (
                                                                            (
                                                                              NOT TRY_VARIANT_GET(_x7, '$', 'double') IS NULL
                                                                            )
                                                                            AND (
                                                                              NOT ISNAN(TRY_VARIANT_GET(_x7, '$', 'double'))
                                                                            )
                                                                          )
                                                                          AND (
                                                                            ABS(TRY_VARIANT_GET(_x7, '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                                          )
                                                                        )
                                                                        AND CASE
                                                                          WHEN (
                                                                            _x8 = 'DOUBLE'
                                                                          )
                                                                          THEN TRUE
                                                                          ELSE (
                                                                            REGEXP_REPLACE(
                                                                              REGEXP_REPLACE(
                                                                                REGEXP_REPLACE(
                                                                                  REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x7, '$', 'double') AS STRING), '[eE].*$', ''),
                                                                                  '^-',
                                                                                  ''
                                                                                ),
                                                                                '\\.',
                                                                                ''
                                                                              ),
                                                                              '^0+|0+$',
                                                                              ''
                                                                            ) = REGEXP_REPLACE(
                                                                              REGEXP_REPLACE(REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x7), '[eE].*$', ''), '^-', ''), '\\.', ''),
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
                                                                      _x9 = 'string'
                                                                    )
                                                                    THEN CASE
                                                                      WHEN (
                                                                        (
                                                                          (
                                                                            TRY_VARIANT_GET(_x7, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                          )
                                                                          AND (
                                                                            NOT STARTSWITH(TRY_VARIANT_GET(_x7, '$', 'string'), '0000')
                                                                          )
                                                                        )
                                                                        AND (
                                                                          NOT TRY_TO_DATE(TRY_VARIANT_GET(_x7, '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                                        )
                                                                      )
                                                                      THEN 4
                                                                      WHEN (
                                                                        (
                                                                          (
                                                                            TRY_VARIANT_GET(_x7, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                          )
                                                                          AND (
                                                                            NOT STARTSWITH(TRY_VARIANT_GET(_x7, '$', 'string'), '0000')
                                                                          )
                                                                        )
                                                                        AND (
                                                                          NOT TRY_CAST(TRY_VARIANT_GET(_x7, '$', 'string') AS TIMESTAMP) IS NULL
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
                                                (_acc7, _x7) -> STRUCT(
                                                  (
                                                    _acc7['kinds'] | CASE WHEN (
                                                      _x7['kind'] = 3
                                                    ) THEN 1 WHEN (
                                                      _x7['kind'] = 4
                                                    ) THEN 2 ELSE 0 END
                                                  ) AS kinds,
                                                  CASE
                                                    WHEN (
                                                      (
                                                        _x7['kind'] = 3
                                                      ) OR (
                                                        _x7['kind'] = 4
                                                      )
                                                    )
                                                    THEN CASE
                                                      WHEN (
                                                        _acc7['mind'] < 0
                                                      )
                                                      THEN _x7['dim']
                                                      ELSE LEAST(_acc7['mind'], _x7['dim'])
                                                    END
                                                    ELSE _acc7['mind']
                                                  END AS mind,
                                                  CASE
                                                    WHEN (
                                                      (
                                                        _x7['kind'] = 3
                                                      ) OR (
                                                        _x7['kind'] = 4
                                                      )
                                                    )
                                                    THEN GREATEST(_acc7['maxd'], _x7['dim'])
                                                    ELSE _acc7['maxd']
                                                  END AS maxd,
                                                  CASE
                                                    WHEN (
                                                      (
                                                        _x7['kind'] = 3
                                                      ) OR (
                                                        _x7['kind'] = 4
                                                      )
                                                    )
                                                    THEN (
                                                      _acc7['mask'] | _x7['mask']
                                                    )
                                                    ELSE _acc7['mask']
                                                  END AS mask,
                                                  CASE
                                                    WHEN (
                                                      _x7['kind'] = 1
                                                    )
                                                    THEN GREATEST(_acc7['edepth'], _x7['dim'])
                                                    ELSE _acc7['edepth']
                                                  END AS edepth,
                                                  (
                                                    _acc7['mixed'] OR (
                                                      _x7['kind'] = 2
                                                    )
                                                  ) AS mixed
                                                ),
                                                _acc7 -> CASE
                                                  WHEN (
                                                    (
                                                      (
                                                        _acc7['mixed'] OR (
                                                          _acc7['kinds'] = 3
                                                        )
                                                      )
                                                      OR (
                                                        (
                                                          _acc7['kinds'] > 0
                                                        ) AND (
                                                          _acc7['mind'] <> _acc7['maxd']
                                                        )
                                                      )
                                                    )
                                                    OR (
                                                      (
                                                        _acc7['kinds'] > 0
                                                      ) AND (
                                                        _acc7['edepth'] > _acc7['maxd']
                                                      )
                                                    )
                                                  )
                                                  THEN STRUCT(2 AS kind, 0 AS dim, 0 AS mask)
                                                  WHEN (
                                                    _acc7['kinds'] = 0
                                                  )
                                                  THEN STRUCT(1 AS kind, (
                                                    _acc7['edepth'] + 1
                                                  ) AS dim, 0 AS mask)
                                                  WHEN (
                                                    _acc7['kinds'] = 1
                                                  )
                                                  THEN STRUCT(3 AS kind, (
                                                    _acc7['maxd'] + 1
                                                  ) AS dim, _acc7['mask'] AS mask)
                                                  ELSE STRUCT(4 AS kind, (
                                                    _acc7['maxd'] + 1
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
                                                        _x6 = 'boolean'
                                                      )
                                                      THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                      WHEN (
                                                        _x6 = 'integer'
                                                      )
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            NOT TRY_VARIANT_GET(_x4, '$', 'bigint') IS NULL
                                                          )
                                                          AND (
                                                            TRY_CAST(TRY_VARIANT_GET(_x4, '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x4, '$', 'decimal(38,0)')
                                                          )
                                                        )
                                                        THEN 1
                                                        WHEN (
                                                          (
                                                            NOT TRY_VARIANT_GET(_x4, '$', 'decimal(38,0)') IS NULL
                                                          )
                                                          AND (
                                                            TRY_CAST(TRY_VARIANT_GET(_x4, '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x4, '$', 'decimal(38,0)')
                                                          )
                                                        )
                                                        THEN 3
                                                        WHEN TRUE
                                                        THEN 6
                                                        ELSE 6
                                                      END
                                                      WHEN (
                                                        _x6 = 'fraction'
                                                      )
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x4, '$', 'double') IS NULL
                                                              )
                                                              AND (
                                                                NOT ISNAN(TRY_VARIANT_GET(_x4, '$', 'double'))
                                                              )
                                                            )
                                                            AND (
                                                              ABS(TRY_VARIANT_GET(_x4, '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                            )
                                                          )
                                                          AND CASE
                                                            WHEN (
                                                              _x5 = 'DOUBLE'
                                                            )
                                                            THEN TRUE
                                                            ELSE (
                                                              REGEXP_REPLACE(
                                                                REGEXP_REPLACE(
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x4, '$', 'double') AS STRING), '[eE].*$', ''),
                                                                    '^-',
                                                                    ''
                                                                  ),
                                                                  '\\.',
                                                                  ''
                                                                ),
                                                                '^0+|0+$',
                                                                ''
                                                              ) = REGEXP_REPLACE(
                                                                REGEXP_REPLACE(REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x4), '[eE].*$', ''), '^-', ''), '\\.', ''),
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
                                                        _x6 = 'string'
                                                      )
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            (
                                                              TRY_VARIANT_GET(_x4, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                            )
                                                            AND (
                                                              NOT STARTSWITH(TRY_VARIANT_GET(_x4, '$', 'string'), '0000')
                                                            )
                                                          )
                                                          AND (
                                                            NOT TRY_TO_DATE(TRY_VARIANT_GET(_x4, '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                          )
                                                        )
                                                        THEN 4
                                                        WHEN (
                                                          (
                                                            (
                                                              TRY_VARIANT_GET(_x4, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                            )
                                                            AND (
                                                              NOT STARTSWITH(TRY_VARIANT_GET(_x4, '$', 'string'), '0000')
                                                            )
                                                          )
                                                          AND (
                                                            NOT TRY_CAST(TRY_VARIANT_GET(_x4, '$', 'string') AS TIMESTAMP) IS NULL
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
                                  (_acc4, _x4) -> STRUCT(
                                    (
                                      _acc4['kinds'] | CASE WHEN (
                                        _x4['kind'] = 3
                                      ) THEN 1 WHEN (
                                        _x4['kind'] = 4
                                      ) THEN 2 ELSE 0 END
                                    ) AS kinds,
                                    CASE
                                      WHEN (
                                        (
                                          _x4['kind'] = 3
                                        ) OR (
                                          _x4['kind'] = 4
                                        )
                                      )
                                      THEN CASE
                                        WHEN (
                                          _acc4['mind'] < 0
                                        )
                                        THEN _x4['dim']
                                        ELSE LEAST(_acc4['mind'], _x4['dim'])
                                      END
                                      ELSE _acc4['mind']
                                    END AS mind,
                                    CASE
                                      WHEN (
                                        (
                                          _x4['kind'] = 3
                                        ) OR (
                                          _x4['kind'] = 4
                                        )
                                      )
                                      THEN GREATEST(_acc4['maxd'], _x4['dim'])
                                      ELSE _acc4['maxd']
                                    END AS maxd,
                                    CASE
                                      WHEN (
                                        (
                                          _x4['kind'] = 3
                                        ) OR (
                                          _x4['kind'] = 4
                                        )
                                      )
                                      THEN (
                                        _acc4['mask'] | _x4['mask']
                                      )
                                      ELSE _acc4['mask']
                                    END AS mask,
                                    CASE
                                      WHEN (
                                        _x4['kind'] = 1
                                      )
                                      THEN GREATEST(_acc4['edepth'], _x4['dim'])
                                      ELSE _acc4['edepth']
                                    END AS edepth,
                                    (
                                      _acc4['mixed'] OR (
                                        _x4['kind'] = 2
                                      )
                                    ) AS mixed
                                  ),
                                  _acc4 -> CASE
                                    WHEN (
                                      (
                                        (
                                          _acc4['mixed'] OR (
                                            _acc4['kinds'] = 3
                                          )
                                        )
                                        OR (
                                          (
                                            _acc4['kinds'] > 0
                                          ) AND (
                                            _acc4['mind'] <> _acc4['maxd']
                                          )
                                        )
                                      )
                                      OR (
                                        (
                                          _acc4['kinds'] > 0
                                        ) AND (
                                          _acc4['edepth'] > _acc4['maxd']
                                        )
                                      )
                                    )
                                    THEN STRUCT(2 AS kind, 0 AS dim, 0 AS mask)
                                    WHEN (
                                      _acc4['kinds'] = 0
                                    )
                                    THEN STRUCT(1 AS kind, (
                                      _acc4['edepth'] + 1
                                    ) AS dim, 0 AS mask)
                                    WHEN (
                                      _acc4['kinds'] = 1
                                    )
                                    THEN STRUCT(3 AS kind, (
                                      _acc4['maxd'] + 1
                                    ) AS dim, _acc4['mask'] AS mask)
                                    ELSE STRUCT(4 AS kind, (
                                      _acc4['maxd'] + 1
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
                          ELSE ELEMENT_AT(
                            ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                            (
                              CASE
                                WHEN (
                                  _x2['dim'] = 1
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
                                            _x2['mask'] + 1
                                          )
                                        ) AS j,
                                        AGGREGATE(
                                          TRY_VARIANT_GET(_x1['v0'], '$', 'array<variant>'),
                                          127,
                                          (_acc3, _x3) -> (
                                            _acc3 & ELEMENT_AT(
                                              TRANSFORM(
                                                ARRAY(
                                                  ELEMENT_AT(
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
                                                          END
                                                        ),
                                                        1
                                                      )
                                                    ),
                                                    1
                                                  )
                                                ),
                                                _x4 -> CASE
                                                  WHEN (
                                                    _x4 IS NULL
                                                  )
                                                  THEN 127
                                                  WHEN (
                                                    _x4 = 0
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
                                                              ARRAY(TRY_VARIANT_GET(_x3, '$', 'boolean')),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | 8
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 1
                                                  )
                                                  THEN (
                                                    (
                                                      (
                                                        (
                                                          0 | 2
                                                        ) | CASE
                                                          WHEN ELEMENT_AT(
                                                            TRANSFORM(
                                                              ARRAY(TRY_VARIANT_GET(_x3, '$', 'bigint')),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | 8
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 2
                                                  )
                                                  THEN (
                                                    (
                                                      0 | 4
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 3
                                                  )
                                                  THEN (
                                                    (
                                                      0 | 8
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 4
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
                                                                      CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                    ),
                                                                    1
                                                                  ) = 0
                                                                )
                                                                THEN CAST((
                                                                  UNIX_MICROS(
                                                                    CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
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
                                                                        CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                      ),
                                                                      1
                                                                    ) = 0
                                                                  )
                                                                  THEN CAST((
                                                                    UNIX_MICROS(
                                                                      CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                    ) DIV 1
                                                                  ) AS BIGINT)
                                                                END
                                                              ),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | CASE
                                                        WHEN (
                                                          NOT TRY_CAST(CASE
                                                            WHEN (
                                                              PMOD(
                                                                UNIX_MICROS(
                                                                  CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                ),
                                                                1
                                                              ) = 0
                                                            )
                                                            THEN CAST((
                                                              UNIX_MICROS(
                                                                CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
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
                                                    _x4 = 5
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
                                                                  PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                                )
                                                                THEN CAST((
                                                                  UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)) DIV 1
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
                                                                    PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                                  )
                                                                  THEN CAST((
                                                                    UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)) DIV 1
                                                                  ) AS BIGINT)
                                                                END
                                                              ),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | CASE
                                                        WHEN (
                                                          NOT TRY_CAST(CASE
                                                            WHEN (
                                                              PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                            )
                                                            THEN CAST((
                                                              UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)) DIV 1
                                                            ) AS BIGINT)
                                                          END AS DECIMAL(38, 0)) IS NULL
                                                        )
                                                        THEN 8
                                                        ELSE 0
                                                      END
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 6
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
                                    _x3 -> CASE
                                      WHEN (
                                        _x3['j'] = 0
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 1
                                          ) <> 0
                                        )
                                        THEN 0
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 1
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 2
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 3
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 4
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 16
                                          ) <> 0
                                        )
                                        THEN 4
                                        WHEN (
                                          (
                                            _x3['e'] & 32
                                          ) <> 0
                                        )
                                        THEN 5
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 5
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 32
                                          ) <> 0
                                        )
                                        THEN 5
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 6
                                      )
                                      THEN CASE WHEN (
                                        (
                                          _x3['e'] & 64
                                        ) <> 0
                                      ) THEN 6 ELSE 6 END
                                    END
                                  ),
                                  1
                                )
                                WHEN (
                                  _x2['dim'] = 2
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
                                            _x2['mask'] + 1
                                          )
                                        ) AS j,
                                        AGGREGATE(
                                          FLATTEN(
                                            FILTER(
                                              TRANSFORM(
                                                TRY_VARIANT_GET(_x1['v0'], '$', 'array<variant>'),
                                                _x3 -> TRY_VARIANT_GET(_x3, '$', 'array<variant>')
                                              ),
                                              _x3 -> (
                                                NOT _x3 IS NULL
                                              )
                                            )
                                          ),
                                          127,
                                          (_acc3, _x3) -> (
                                            _acc3 & ELEMENT_AT(
                                              TRANSFORM(
                                                ARRAY(
                                                  ELEMENT_AT(
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
                                                          END
                                                        ),
                                                        1
                                                      )
                                                    ),
                                                    1
                                                  )
                                                ),
                                                _x4 -> CASE
                                                  WHEN (
                                                    _x4 IS NULL
                                                  )
                                                  THEN 127
                                                  WHEN (
                                                    _x4 = 0
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
                                                              ARRAY(TRY_VARIANT_GET(_x3, '$', 'boolean')),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | 8
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 1
                                                  )
                                                  THEN (
                                                    (
                                                      (
                                                        (
                                                          0 | 2
                                                        ) | CASE
                                                          WHEN ELEMENT_AT(
                                                            TRANSFORM(
                                                              ARRAY(TRY_VARIANT_GET(_x3, '$', 'bigint')),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | 8
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 2
                                                  )
                                                  THEN (
                                                    (
                                                      0 | 4
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 3
                                                  )
                                                  THEN (
                                                    (
                                                      0 | 8
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 4
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
                                                                      CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                    ),
                                                                    1
                                                                  ) = 0
                                                                )
                                                                THEN CAST((
                                                                  UNIX_MICROS(
                                                                    CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
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
                                                                        CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                      ),
                                                                      1
                                                                    ) = 0
                                                                  )
                                                                  THEN CAST((
                                                                    UNIX_MICROS(
                                                                      CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                    ) DIV 1
                                                                  ) AS BIGINT)
                                                                END
                                                              ),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | CASE
                                                        WHEN (
                                                          NOT TRY_CAST(CASE
                                                            WHEN (
                                                              PMOD(
                                                                UNIX_MICROS(
                                                                  CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                ),
                                                                1
                                                              ) = 0
                                                            )
                                                            THEN CAST((
                                                              UNIX_MICROS(
                                                                CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
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
                                                    _x4 = 5
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
                                                                  PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                                )
                                                                THEN CAST((
                                                                  UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)) DIV 1
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
                                                                    PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                                  )
                                                                  THEN CAST((
                                                                    UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)) DIV 1
                                                                  ) AS BIGINT)
                                                                END
                                                              ),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | CASE
                                                        WHEN (
                                                          NOT TRY_CAST(CASE
                                                            WHEN (
                                                              PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                            )
                                                            THEN CAST((
                                                              UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)) DIV 1
                                                            ) AS BIGINT)
                                                          END AS DECIMAL(38, 0)) IS NULL
                                                        )
                                                        THEN 8
                                                        ELSE 0
                                                      END
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 6
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
                                    _x3 -> CASE
                                      WHEN (
                                        _x3['j'] = 0
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 1
                                          ) <> 0
                                        )
                                        THEN 0
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 1
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 2
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 3
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 4
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 16
                                          ) <> 0
                                        )
                                        THEN 4
                                        WHEN (
                                          (
                                            _x3['e'] & 32
                                          ) <> 0
                                        )
                                        THEN 5
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 5
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 32
                                          ) <> 0
                                        )
                                        THEN 5
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 6
                                      )
                                      THEN CASE WHEN (
                                        (
                                          _x3['e'] & 64
                                        ) <> 0
                                      ) THEN 6 ELSE 6 END
                                    END
                                  ),
                                  1
                                )
                                WHEN (
                                  _x2['dim'] = 3
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
                                            _x2['mask'] + 1
                                          )
                                        ) AS j,
                                        AGGREGATE(
                                          FLATTEN(
                                            FILTER(
                                              TRANSFORM(
                                                FLATTEN(
                                                  FILTER(
                                                    TRANSFORM(
                                                      TRY_VARIANT_GET(_x1['v0'], '$', 'array<variant>'),
                                                      _x3 -> TRY_VARIANT_GET(_x3, '$', 'array<variant>')
                                                    ),
                                                    _x3 -> (
                                                      NOT _x3 IS NULL
                                                    )
                                                  )
                                                ),
                                                _x3 -> TRY_VARIANT_GET(_x3, '$', 'array<variant>')
                                              ),
                                              _x3 -> (
                                                NOT _x3 IS NULL
                                              )
                                            )
                                          ),
                                          127,
                                          (_acc3, _x3) -> (
                                            _acc3 & ELEMENT_AT(
                                              TRANSFORM(
                                                ARRAY(
                                                  ELEMENT_AT(
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
                                                          END
                                                        ),
                                                        1
                                                      )
                                                    ),
                                                    1
                                                  )
                                                ),
                                                _x4 -> CASE
                                                  WHEN (
                                                    _x4 IS NULL
                                                  )
                                                  THEN 127
                                                  WHEN (
                                                    _x4 = 0
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
                                                              ARRAY(TRY_VARIANT_GET(_x3, '$', 'boolean')),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | 8
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 1
                                                  )
                                                  THEN (
                                                    (
                                                      (
                                                        (
                                                          0 | 2
                                                        ) | CASE
                                                          WHEN ELEMENT_AT(
                                                            TRANSFORM(
                                                              ARRAY(TRY_VARIANT_GET(_x3, '$', 'bigint')),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | 8
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 2
                                                  )
                                                  THEN (
                                                    (
                                                      0 | 4
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 3
                                                  )
                                                  THEN (
                                                    (
                                                      0 | 8
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 4
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
                                                                      CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                    ),
                                                                    1
                                                                  ) = 0
                                                                )
                                                                THEN CAST((
                                                                  UNIX_MICROS(
                                                                    CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
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
                                                                        CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                      ),
                                                                      1
                                                                    ) = 0
                                                                  )
                                                                  THEN CAST((
                                                                    UNIX_MICROS(
                                                                      CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                    ) DIV 1
                                                                  ) AS BIGINT)
                                                                END
                                                              ),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | CASE
                                                        WHEN (
                                                          NOT TRY_CAST(CASE
                                                            WHEN (
                                                              PMOD(
                                                                UNIX_MICROS(
                                                                  CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
                                                                ),
                                                                1
                                                              ) = 0
                                                            )
                                                            THEN CAST((
                                                              UNIX_MICROS(
                                                                CAST(TRY_TO_DATE(TRY_VARIANT_GET(_x3, '$', 'string'), 'yyyy-MM-dd') AS TIMESTAMP)
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
                                                    _x4 = 5
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
                                                                  PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                                )
                                                                THEN CAST((
                                                                  UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)) DIV 1
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
                                                                    PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                                  )
                                                                  THEN CAST((
                                                                    UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)) DIV 1
                                                                  ) AS BIGINT)
                                                                END
                                                              ),
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
                                                          THEN 4
                                                          ELSE 0
                                                        END
                                                      ) | CASE
                                                        WHEN (
                                                          NOT TRY_CAST(CASE
                                                            WHEN (
                                                              PMOD(UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)), 1) = 0
                                                            )
                                                            THEN CAST((
                                                              UNIX_MICROS(TRY_CAST(TRY_VARIANT_GET(_x3, '$', 'string') AS TIMESTAMP)) DIV 1
                                                            ) AS BIGINT)
                                                          END AS DECIMAL(38, 0)) IS NULL
                                                        )
                                                        THEN 8
                                                        ELSE 0
                                                      END
                                                    ) | 64
                                                  )
                                                  WHEN (
                                                    _x4 = 6
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
                                    _x3 -> CASE
                                      WHEN (
                                        _x3['j'] = 0
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 1
                                          ) <> 0
                                        )
                                        THEN 0
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 1
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 2
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 3
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 4
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 16
                                          ) <> 0
                                        )
                                        THEN 4
                                        WHEN (
                                          (
                                            _x3['e'] & 32
                                          ) <> 0
                                        )
                                        THEN 5
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 5
                                      )
                                      THEN CASE
                                        WHEN (
                                          (
                                            _x3['e'] & 32
                                          ) <> 0
                                        )
                                        THEN 5
                                        WHEN (
                                          (
                                            _x3['e'] & 2
                                          ) <> 0
                                        )
                                        THEN 1
                                        WHEN (
                                          (
                                            _x3['e'] & 4
                                          ) <> 0
                                        )
                                        THEN 2
                                        WHEN (
                                          (
                                            _x3['e'] & 8
                                          ) <> 0
                                        )
                                        THEN 3
                                        WHEN (
                                          (
                                            _x3['e'] & 64
                                          ) <> 0
                                        )
                                        THEN 6
                                        ELSE 6
                                      END
                                      WHEN (
                                        _x3['j'] = 6
                                      )
                                      THEN CASE WHEN (
                                        (
                                          _x3['e'] & 64
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
                        REPEAT('[]', _x2['dim'])
                      )
                    END
                  ),
                  1
                ) AS s0
              )
            ),
            _x2 -> STRUCT(
              CAST(TRANSFORM(
                CASE
                  WHEN (
                    _x2['s0'] = 'record'
                  )
                  THEN CASE
                    WHEN (
                      NOT CASE
                        WHEN (
                          NOT CASE WHEN (
                            NOT _x2['v0'] IS NULL
                          ) THEN ARRAY(_x2['v0']) END IS NULL
                        )
                        THEN ARRAY(CASE WHEN (
                          NOT _x2['v0'] IS NULL
                        ) THEN ARRAY(_x2['v0']) END)
                      END IS NULL
                    )
                    THEN ARRAY(
                      CASE
                        WHEN (
                          NOT CASE WHEN (
                            NOT _x2['v0'] IS NULL
                          ) THEN ARRAY(_x2['v0']) END IS NULL
                        )
                        THEN ARRAY(CASE WHEN (
                          NOT _x2['v0'] IS NULL
                        ) THEN ARRAY(_x2['v0']) END)
                      END
                    )
                  END
                  WHEN (
                    _x2['s0'] = 'record[]'
                  )
                  THEN CASE
                    WHEN (
                      NOT CASE
                        WHEN (
                          NOT TRY_VARIANT_GET(_x2['v0'], '$', 'array<variant>') IS NULL
                        )
                        THEN ARRAY(TRY_VARIANT_GET(_x2['v0'], '$', 'array<variant>'))
                      END IS NULL
                    )
                    THEN ARRAY(
                      CASE
                        WHEN (
                          NOT TRY_VARIANT_GET(_x2['v0'], '$', 'array<variant>') IS NULL
                        )
                        THEN ARRAY(TRY_VARIANT_GET(_x2['v0'], '$', 'array<variant>'))
                      END
                    )
                  END
                  WHEN (
                    _x2['s0'] = 'record[][]'
                  )
                  THEN CASE
                    WHEN (
                      NOT TRANSFORM(
                        TRY_VARIANT_GET(_x2['v0'], '$', 'array<variant>'),
                        _x3 -> TRY_VARIANT_GET(_x3, '$', 'array<variant>')
                      ) IS NULL
                    )
                    THEN ARRAY(
                      TRANSFORM(
                        TRY_VARIANT_GET(_x2['v0'], '$', 'array<variant>'),
                        _x3 -> TRY_VARIANT_GET(_x3, '$', 'array<variant>')
                      )
                    )
                  END
                  WHEN (
                    _x2['s0'] = 'record[][][]'
                  )
                  THEN TRANSFORM(
                    TRY_VARIANT_GET(_x2['v0'], '$', 'array<variant>'),
                    _x3 -> TRANSFORM(
                      TRY_VARIANT_GET(_x3, '$', 'array<variant>'),
                      _x4 -> TRY_VARIANT_GET(_x4, '$', 'array<variant>')
                    )
                  )
                END,
                _x3 -> TRANSFORM(
                  _x3,
                  _x4 -> TRANSFORM(
                    _x4,
                    _x5 -> CASE
                      WHEN COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x5), 'OBJECT<'), FALSE)
                      THEN ELEMENT_AT(
                        TRANSFORM(
                          ARRAY(
                            STRUCT(
                              ELEMENT_AT(TRY_VARIANT_GET(_x5, '$', 'map<string,variant>'), 'c') AS v0,
                              ELEMENT_AT(TRY_VARIANT_GET(_x5, '$', 'map<string,variant>'), 'x') AS v1,
                              ELEMENT_AT(TRY_VARIANT_GET(_x5, '$', 'map<string,variant>'), 'y') AS v2,
                              ELEMENT_AT(TRY_VARIANT_GET(_x5, '$', 'map<string,variant>'), 'z') AS v3
                            )
                          ),
                          _x6 -> ELEMENT_AT(
                            TRANSFORM(
                              ARRAY(
                                STRUCT(
                                  _x6['v0'] AS v0,
                                  _x6['v1'] AS v1,
                                  _x6['v2'] AS v2,
                                  _x6['v3'] AS v3,
                                  ELEMENT_AT(
                                    TRANSFORM(
                                      ARRAY(
                                        ELEMENT_AT(
                                          TRANSFORM(
                                            ARRAY(SCHEMA_OF_VARIANT(_x6['v0'])),
                                            _x7 -> ELEMENT_AT(
                                              TRANSFORM(
                                                ARRAY(
                                                  CASE
                                                    WHEN (
                                                      (
                                                        _x6['v0'] IS NULL
                                                      ) OR (
                                                        _x7 = 'VOID'
                                                      )
                                                    )
                                                    THEN 'null'
                                                    WHEN (
                                                      _x7 = 'BOOLEAN'
                                                    )
                                                    THEN 'boolean'
                                                    WHEN (
                                                      _x7 = 'BIGINT'
                                                    )
                                                    THEN 'integer'
                                                    WHEN STARTSWITH(_x7, 'DECIMAL(')
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          REGEXP_EXTRACT(_x7, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                        )
                                                        AND (
                                                          TRY_VARIANT_GET(_x6['v0'], '$', 'bigint') IS NULL
                                                        )
                                                      )
                                                      THEN 'integer'
                                                      ELSE 'fraction'
                                                    END
                                                    WHEN (
                                                      _x7 = 'DOUBLE'
                                                    )
                                                    THEN 'fraction'
                                                    WHEN (
                                                      _x7 = 'STRING'
                                                    )
                                                    THEN 'string'
                                                    WHEN STARTSWITH(_x7, 'ARRAY<')
                                                    THEN 'array'
                                                    WHEN STARTSWITH(_x7, 'OBJECT<')
                                                    THEN 'object'
                                                    ELSE 'other'
                                                  END
                                                ),
                                                _x8 -> CASE
                                                  WHEN (
                                                    _x8 = 'null'
                                                  )
                                                  THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                                  WHEN (
                                                    _x8 = 'object'
                                                  )
                                                  THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                                  WHEN (
                                                    _x8 = 'array'
                                                  )
                                                  THEN CASE
                                                    WHEN (
                                                      _x7 RLIKE '^(ARRAY<)+VOID>+$'
                                                    )
                                                    THEN STRUCT(1 AS kind, (
                                                      SIZE(SPLIT(_x7, 'ARRAY<')) - 1
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
                                                            _x8 = 'boolean'
                                                          )
                                                          THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                          WHEN (
                                                            _x8 = 'integer'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v0'], '$', 'bigint') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v0'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v0'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 1
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v0'], '$', 'decimal(38,0)') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v0'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v0'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 3
                                                            WHEN TRUE
                                                            THEN 6
                                                            ELSE 6
                                                          END
                                                          WHEN (
                                                            _x8 = 'fraction'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  (
                                                                    NOT TRY_VARIANT_GET(_x6['v0'], '$', 'double') IS NULL
                                                                  )
                                                                  AND (
                                                                    NOT ISNAN(TRY_VARIANT_GET(_x6['v0'], '$', 'double'))
                                                                  )
                                                                )
                                                                AND (
                                                                  ABS(TRY_VARIANT_GET(_x6['v0'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                                )
                                                              )
                                                              AND CASE
                                                                WHEN (
                                                                  _x7 = 'DOUBLE'
                                                                )
                                                                THEN TRUE
                                                                ELSE (
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(
                                                                      REGEXP_REPLACE(
                                                                        REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x6['v0'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                      REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x6['v0']), '[eE].*$', ''), '^-', ''),
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
                                                            _x8 = 'string'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v0'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_TO_DATE(TRY_VARIANT_GET(_x6['v0'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                              )
                                                            )
                                                            THEN 4
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v0'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_CAST(TRY_VARIANT_GET(_x6['v0'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                      _x7 -> CASE
                                        WHEN (
                                          _x7['kind'] = 0
                                        )
                                        THEN 'null'
                                        WHEN (
                                          _x7['kind'] = 1
                                        )
                                        THEN 'empty'
                                        WHEN (
                                          COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x6['v0']), 'OBJECT<'), FALSE)
                                          AND (
                                            SIZE(
                                              ARRAY_REMOVE(MAP_KEYS(TRY_VARIANT_GET(_x6['v0'], '$', 'map<string,variant>')), '')
                                            ) = 0
                                          )
                                        )
                                        THEN 'empty'
                                        WHEN (
                                          _x7['kind'] = 2
                                        )
                                        THEN ELEMENT_AT(
                                          ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                          (
                                            6 + 1
                                          )
                                        )
                                        WHEN (
                                          _x7['kind'] = 4
                                        )
                                        THEN CONCAT('record', REPEAT('[]', _x7['dim']))
                                        ELSE CONCAT(
                                          CASE
                                            WHEN (
                                              _x7['dim'] = 0
                                            )
                                            THEN ELEMENT_AT(
                                              ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                              (
                                                ELEMENT_AT(
                                                  TRANSFORM(
                                                    ARRAY(SCHEMA_OF_VARIANT(_x6['v0'])),
                                                    _x8 -> ELEMENT_AT(
                                                      TRANSFORM(
                                                        ARRAY(
                                                          CASE
                                                            WHEN (
                                                              (
                                                                _x6['v0'] IS NULL
                                                              ) OR (
                                                                _x8 = 'VOID'
                                                              )
                                                            )
                                                            THEN 'null'
                                                            WHEN (
                                                              _x8 = 'BOOLEAN'
                                                            )
                                                            THEN 'boolean'
                                                            WHEN (
                                                              _x8 = 'BIGINT'
                                                            )
                                                            THEN 'integer'
                                                            WHEN STARTSWITH(_x8, 'DECIMAL(')
                                                            THEN CASE
                                                              WHEN (
                                                                (
                                                                  REGEXP_EXTRACT(_x8, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                                )
                                                                AND (
                                                                  TRY_VARIANT_GET(_x6['v0'], '$', 'bigint') IS NULL
                                                                )
                                                              )
                                                              THEN 'integer'
                                                              ELSE 'fraction'
                                                            END
                                                            WHEN (
                                                              _x8 = 'DOUBLE'
                                                            )
                                                            THEN 'fraction'
                                                            WHEN (
                                                              _x8 = 'STRING'
                                                            )
                                                            THEN 'string'
                                                            WHEN STARTSWITH(_x8, 'ARRAY<')
                                                            THEN 'array'
                                                            WHEN STARTSWITH(_x8, 'OBJECT<')
                                                            THEN 'object'
                                                            ELSE 'other'
                                                          END
                                                        ),
                                                        _x9 -> CASE
                                                          WHEN (
                                                            _x9 = 'boolean'
                                                          )
                                                          THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                          WHEN (
                                                            _x9 = 'integer'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v0'], '$', 'bigint') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v0'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v0'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 1
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v0'], '$', 'decimal(38,0)') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v0'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v0'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 3
                                                            WHEN TRUE
                                                            THEN 6
                                                            ELSE 6
                                                          END
                                                          WHEN (
                                                            _x9 = 'fraction'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  (
                                                                    NOT TRY_VARIANT_GET(_x6['v0'], '$', 'double') IS NULL
                                                                  )
                                                                  AND (
                                                                    NOT ISNAN(TRY_VARIANT_GET(_x6['v0'], '$', 'double'))
                                                                  )
                                                                )
                                                                AND (
                                                                  ABS(TRY_VARIANT_GET(_x6['v0'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                                )
                                                              )
                                                              AND CASE
                                                                WHEN (
                                                                  _x8 = 'DOUBLE'
                                                                )
                                                                THEN TRUE
                                                                ELSE (
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(
                                                                      REGEXP_REPLACE(
                                                                        REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x6['v0'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                      REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x6['v0']), '[eE].*$', ''), '^-', ''),
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
                                                            _x9 = 'string'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v0'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_TO_DATE(TRY_VARIANT_GET(_x6['v0'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                              )
                                                            )
                                                            THEN 4
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v0'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_CAST(TRY_VARIANT_GET(_x6['v0'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                          REPEAT('[]', _x7['dim'])
                                        )
                                      END
                                    ),
                                    1
                                  ) AS s0,
                                  ELEMENT_AT(
                                    TRANSFORM(
                                      ARRAY(
                                        ELEMENT_AT(
                                          TRANSFORM(
                                            ARRAY(SCHEMA_OF_VARIANT(_x6['v1'])),
                                            _x7 -> ELEMENT_AT(
                                              TRANSFORM(
                                                ARRAY(
                                                  CASE
                                                    WHEN (
                                                      (
                                                        _x6['v1'] IS NULL
                                                      ) OR (
                                                        _x7 = 'VOID'
                                                      )
                                                    )
                                                    THEN 'null'
                                                    WHEN (
                                                      _x7 = 'BOOLEAN'
                                                    )
                                                    THEN 'boolean'
                                                    WHEN (
                                                      _x7 = 'BIGINT'
                                                    )
                                                    THEN 'integer'
                                                    WHEN STARTSWITH(_x7, 'DECIMAL(')
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          REGEXP_EXTRACT(_x7, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                        )
                                                        AND (
                                                          TRY_VARIANT_GET(_x6['v1'], '$', 'bigint') IS NULL
                                                        )
                                                      )
                                                      THEN 'integer'
                                                      ELSE 'fraction'
                                                    END
                                                    WHEN (
                                                      _x7 = 'DOUBLE'
                                                    )
                                                    THEN 'fraction'
                                                    WHEN (
                                                      _x7 = 'STRING'
                                                    )
                                                    THEN 'string'
                                                    WHEN STARTSWITH(_x7, 'ARRAY<')
                                                    THEN 'array'
                                                    WHEN STARTSWITH(_x7, 'OBJECT<')
                                                    THEN 'object'
                                                    ELSE 'other'
                                                  END
                                                ),
                                                _x8 -> CASE
                                                  WHEN (
                                                    _x8 = 'null'
                                                  )
                                                  THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                                  WHEN (
                                                    _x8 = 'object'
                                                  )
                                                  THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                                  WHEN (
                                                    _x8 = 'array'
                                                  )
                                                  THEN CASE
                                                    WHEN (
                                                      _x7 RLIKE '^(ARRAY<)+VOID>+$'
                                                    )
                                                    THEN STRUCT(1 AS kind, (
                                                      SIZE(SPLIT(_x7, 'ARRAY<')) - 1
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
                                                            _x8 = 'boolean'
                                                          )
                                                          THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                          WHEN (
                                                            _x8 = 'integer'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v1'], '$', 'bigint') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v1'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v1'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 1
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v1'], '$', 'decimal(38,0)') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v1'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v1'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 3
                                                            WHEN TRUE
                                                            THEN 6
                                                            ELSE 6
                                                          END
                                                          WHEN (
                                                            _x8 = 'fraction'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  (
                                                                    NOT TRY_VARIANT_GET(_x6['v1'], '$', 'double') IS NULL
                                                                  )
                                                                  AND (
                                                                    NOT ISNAN(TRY_VARIANT_GET(_x6['v1'], '$', 'double'))
                                                                  )
                                                                )
                                                                AND (
                                                                  ABS(TRY_VARIANT_GET(_x6['v1'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                                )
                                                              )
                                                              AND CASE
                                                                WHEN (
                                                                  _x7 = 'DOUBLE'
                                                                )
                                                                THEN TRUE
                                                                ELSE (
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(
                                                                      REGEXP_REPLACE(
                                                                        REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x6['v1'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                      REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x6['v1']), '[eE].*$', ''), '^-', ''),
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
                                                            _x8 = 'string'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v1'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v1'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_TO_DATE(TRY_VARIANT_GET(_x6['v1'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                              )
                                                            )
                                                            THEN 4
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v1'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v1'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_CAST(TRY_VARIANT_GET(_x6['v1'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                      _x7 -> CASE
                                        WHEN (
                                          _x7['kind'] = 0
                                        )
                                        THEN 'null'
                                        WHEN (
                                          _x7['kind'] = 1
                                        )
                                        THEN 'empty'
                                        WHEN (
                                          COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x6['v1']), 'OBJECT<'), FALSE)
                                          AND (
                                            SIZE(
                                              ARRAY_REMOVE(MAP_KEYS(TRY_VARIANT_GET(_x6['v1'], '$', 'map<string,variant>')), '')
                                            ) = 0
                                          )
                                        )
                                        THEN 'empty'
                                        WHEN (
                                          _x7['kind'] = 2
                                        )
                                        THEN ELEMENT_AT(
                                          ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                          (
                                            6 + 1
                                          )
                                        )
                                        WHEN (
                                          _x7['kind'] = 4
                                        )
                                        THEN CONCAT('record', REPEAT('[]', _x7['dim']))
                                        ELSE CONCAT(
                                          CASE
                                            WHEN (
                                              _x7['dim'] = 0
                                            )
                                            THEN ELEMENT_AT(
                                              ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                              (
                                                ELEMENT_AT(
                                                  TRANSFORM(
                                                    ARRAY(SCHEMA_OF_VARIANT(_x6['v1'])),
                                                    _x8 -> ELEMENT_AT(
                                                      TRANSFORM(
                                                        ARRAY(
                                                          CASE
                                                            WHEN (
                                                              (
                                                                _x6['v1'] IS NULL
                                                              ) OR (
                                                                _x8 = 'VOID'
                                                              )
                                                            )
                                                            THEN 'null'
                                                            WHEN (
                                                              _x8 = 'BOOLEAN'
                                                            )
                                                            THEN 'boolean'
                                                            WHEN (
                                                              _x8 = 'BIGINT'
                                                            )
                                                            THEN 'integer'
                                                            WHEN STARTSWITH(_x8, 'DECIMAL(')
                                                            THEN CASE
                                                              WHEN (
                                                                (
                                                                  REGEXP_EXTRACT(_x8, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                                )
                                                                AND (
                                                                  TRY_VARIANT_GET(_x6['v1'], '$', 'bigint') IS NULL
                                                                )
                                                              )
                                                              THEN 'integer'
                                                              ELSE 'fraction'
                                                            END
                                                            WHEN (
                                                              _x8 = 'DOUBLE'
                                                            )
                                                            THEN 'fraction'
                                                            WHEN (
                                                              _x8 = 'STRING'
                                                            )
                                                            THEN 'string'
                                                            WHEN STARTSWITH(_x8, 'ARRAY<')
                                                            THEN 'array'
                                                            WHEN STARTSWITH(_x8, 'OBJECT<')
                                                            THEN 'object'
                                                            ELSE 'other'
                                                          END
                                                        ),
                                                        _x9 -> CASE
                                                          WHEN (
                                                            _x9 = 'boolean'
                                                          )
                                                          THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                          WHEN (
                                                            _x9 = 'integer'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v1'], '$', 'bigint') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v1'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v1'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 1
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v1'], '$', 'decimal(38,0)') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v1'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v1'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 3
                                                            WHEN TRUE
                                                            THEN 6
                                                            ELSE 6
                                                          END
                                                          WHEN (
                                                            _x9 = 'fraction'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  (
                                                                    NOT TRY_VARIANT_GET(_x6['v1'], '$', 'double') IS NULL
                                                                  )
                                                                  AND (
                                                                    NOT ISNAN(TRY_VARIANT_GET(_x6['v1'], '$', 'double'))
                                                                  )
                                                                )
                                                                AND (
                                                                  ABS(TRY_VARIANT_GET(_x6['v1'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                                )
                                                              )
                                                              AND CASE
                                                                WHEN (
                                                                  _x8 = 'DOUBLE'
                                                                )
                                                                THEN TRUE
                                                                ELSE (
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(
                                                                      REGEXP_REPLACE(
                                                                        REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x6['v1'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                      REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x6['v1']), '[eE].*$', ''), '^-', ''),
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
                                                            _x9 = 'string'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v1'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v1'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_TO_DATE(TRY_VARIANT_GET(_x6['v1'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                              )
                                                            )
                                                            THEN 4
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v1'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v1'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_CAST(TRY_VARIANT_GET(_x6['v1'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                          REPEAT('[]', _x7['dim'])
                                        )
                                      END
                                    ),
                                    1
                                  ) AS s1,
                                  ELEMENT_AT(
                                    TRANSFORM(
                                      ARRAY(
                                        ELEMENT_AT(
                                          TRANSFORM(
                                            ARRAY(SCHEMA_OF_VARIANT(_x6['v2'])),
                                            _x7 -> ELEMENT_AT(
                                              TRANSFORM(
                                                ARRAY(
                                                  CASE
                                                    WHEN (
                                                      (
                                                        _x6['v2'] IS NULL
                                                      ) OR (
                                                        _x7 = 'VOID'
                                                      )
                                                    )
                                                    THEN 'null'
                                                    WHEN (
                                                      _x7 = 'BOOLEAN'
                                                    )
                                                    THEN 'boolean'
                                                    WHEN (
                                                      _x7 = 'BIGINT'
                                                    )
                                                    THEN 'integer'
                                                    WHEN STARTSWITH(_x7, 'DECIMAL(')
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          REGEXP_EXTRACT(_x7, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                        )
                                                        AND (
                                                          TRY_VARIANT_GET(_x6['v2'], '$', 'bigint') IS NULL
                                                        )
                                                      )
                                                      THEN 'integer'
                                                      ELSE 'fraction'
                                                    END
                                                    WHEN (
                                                      _x7 = 'DOUBLE'
                                                    )
                                                    THEN 'fraction'
                                                    WHEN (
                                                      _x7 = 'STRING'
                                                    )
                                                    THEN 'string'
                                                    WHEN STARTSWITH(_x7, 'ARRAY<')
                                                    THEN 'array'
                                                    WHEN STARTSWITH(_x7, 'OBJECT<')
                                                    THEN 'object'
                                                    ELSE 'other'
                                                  END
                                                ),
                                                _x8 -> CASE
                                                  WHEN (
                                                    _x8 = 'null'
                                                  )
                                                  THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                                  WHEN (
                                                    _x8 = 'object'
                                                  )
                                                  THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                                  WHEN (
                                                    _x8 = 'array'
                                                  )
                                                  THEN CASE
                                                    WHEN (
                                                      _x7 RLIKE '^(ARRAY<)+VOID>+$'
                                                    )
                                                    THEN STRUCT(1 AS kind, (
                                                      SIZE(SPLIT(_x7, 'ARRAY<')) - 1
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
                                                            _x8 = 'boolean'
                                                          )
                                                          THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                          WHEN (
                                                            _x8 = 'integer'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v2'], '$', 'bigint') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v2'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v2'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 1
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v2'], '$', 'decimal(38,0)') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v2'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v2'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 3
                                                            WHEN TRUE
                                                            THEN 6
                                                            ELSE 6
                                                          END
                                                          WHEN (
                                                            _x8 = 'fraction'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  (
                                                                    NOT TRY_VARIANT_GET(_x6['v2'], '$', 'double') IS NULL
                                                                  )
                                                                  AND (
                                                                    NOT ISNAN(TRY_VARIANT_GET(_x6['v2'], '$', 'double'))
                                                                  )
                                                                )
                                                                AND (
                                                                  ABS(TRY_VARIANT_GET(_x6['v2'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                                )
                                                              )
                                                              AND CASE
                                                                WHEN (
                                                                  _x7 = 'DOUBLE'
                                                                )
                                                                THEN TRUE
                                                                ELSE (
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(
                                                                      REGEXP_REPLACE(
                                                                        REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x6['v2'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                      REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x6['v2']), '[eE].*$', ''), '^-', ''),
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
                                                            _x8 = 'string'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v2'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v2'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_TO_DATE(TRY_VARIANT_GET(_x6['v2'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                              )
                                                            )
                                                            THEN 4
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v2'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v2'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_CAST(TRY_VARIANT_GET(_x6['v2'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                      _x7 -> CASE
                                        WHEN (
                                          _x7['kind'] = 0
                                        )
                                        THEN 'null'
                                        WHEN (
                                          _x7['kind'] = 1
                                        )
                                        THEN 'empty'
                                        WHEN (
                                          COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x6['v2']), 'OBJECT<'), FALSE)
                                          AND (
                                            SIZE(
                                              ARRAY_REMOVE(MAP_KEYS(TRY_VARIANT_GET(_x6['v2'], '$', 'map<string,variant>')), '')
                                            ) = 0
                                          )
                                        )
                                        THEN 'empty'
                                        WHEN (
                                          _x7['kind'] = 2
                                        )
                                        THEN ELEMENT_AT(
                                          ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                          (
                                            6 + 1
                                          )
                                        )
                                        WHEN (
                                          _x7['kind'] = 4
                                        )
                                        THEN CONCAT('record', REPEAT('[]', _x7['dim']))
                                        ELSE CONCAT(
                                          CASE
                                            WHEN (
                                              _x7['dim'] = 0
                                            )
                                            THEN ELEMENT_AT(
                                              ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                              (
                                                ELEMENT_AT(
                                                  TRANSFORM(
                                                    ARRAY(SCHEMA_OF_VARIANT(_x6['v2'])),
                                                    _x8 -> ELEMENT_AT(
                                                      TRANSFORM(
                                                        ARRAY(
                                                          CASE
                                                            WHEN (
                                                              (
                                                                _x6['v2'] IS NULL
                                                              ) OR (
                                                                _x8 = 'VOID'
                                                              )
                                                            )
                                                            THEN 'null'
                                                            WHEN (
                                                              _x8 = 'BOOLEAN'
                                                            )
                                                            THEN 'boolean'
                                                            WHEN (
                                                              _x8 = 'BIGINT'
                                                            )
                                                            THEN 'integer'
                                                            WHEN STARTSWITH(_x8, 'DECIMAL(')
                                                            THEN CASE
                                                              WHEN (
                                                                (
                                                                  REGEXP_EXTRACT(_x8, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                                )
                                                                AND (
                                                                  TRY_VARIANT_GET(_x6['v2'], '$', 'bigint') IS NULL
                                                                )
                                                              )
                                                              THEN 'integer'
                                                              ELSE 'fraction'
                                                            END
                                                            WHEN (
                                                              _x8 = 'DOUBLE'
                                                            )
                                                            THEN 'fraction'
                                                            WHEN (
                                                              _x8 = 'STRING'
                                                            )
                                                            THEN 'string'
                                                            WHEN STARTSWITH(_x8, 'ARRAY<')
                                                            THEN 'array'
                                                            WHEN STARTSWITH(_x8, 'OBJECT<')
                                                            THEN 'object'
                                                            ELSE 'other'
                                                          END
                                                        ),
                                                        _x9 -> CASE
                                                          WHEN (
                                                            _x9 = 'boolean'
                                                          )
                                                          THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                          WHEN (
                                                            _x9 = 'integer'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v2'], '$', 'bigint') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v2'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v2'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 1
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v2'], '$', 'decimal(38,0)') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v2'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v2'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 3
                                                            WHEN TRUE
                                                            THEN 6
                                                            ELSE 6
                                                          END
                                                          WHEN (
                                                            _x9 = 'fraction'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  (
                                                                    NOT TRY_VARIANT_GET(_x6['v2'], '$', 'double') IS NULL
                                                                  )
                                                                  AND (
                                                                    NOT ISNAN(TRY_VARIANT_GET(_x6['v2'], '$', 'double'))
                                                                  )
                                                                )
                                                                AND (
                                                                  ABS(TRY_VARIANT_GET(_x6['v2'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                                )
                                                              )
                                                              AND CASE
                                                                WHEN (
                                                                  _x8 = 'DOUBLE'
                                                                )
                                                                THEN TRUE
                                                                ELSE (
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(
                                                                      REGEXP_REPLACE(
                                                                        REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x6['v2'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                      REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x6['v2']), '[eE].*$', ''), '^-', ''),
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
                                                            _x9 = 'string'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v2'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v2'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_TO_DATE(TRY_VARIANT_GET(_x6['v2'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                              )
                                                            )
                                                            THEN 4
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v2'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v2'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_CAST(TRY_VARIANT_GET(_x6['v2'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                          REPEAT('[]', _x7['dim'])
                                        )
                                      END
                                    ),
                                    1
                                  ) AS s2,
                                  ELEMENT_AT(
                                    TRANSFORM(
                                      ARRAY(
                                        ELEMENT_AT(
                                          TRANSFORM(
                                            ARRAY(SCHEMA_OF_VARIANT(_x6['v3'])),
                                            _x7 -> ELEMENT_AT(
                                              TRANSFORM(
                                                ARRAY(
                                                  CASE
                                                    WHEN (
                                                      (
                                                        _x6['v3'] IS NULL
                                                      ) OR (
                                                        _x7 = 'VOID'
                                                      )
                                                    )
                                                    THEN 'null'
                                                    WHEN (
                                                      _x7 = 'BOOLEAN'
                                                    )
                                                    THEN 'boolean'
                                                    WHEN (
                                                      _x7 = 'BIGINT'
                                                    )
                                                    THEN 'integer'
                                                    WHEN STARTSWITH(_x7, 'DECIMAL(')
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          REGEXP_EXTRACT(_x7, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                        )
                                                        AND (
                                                          TRY_VARIANT_GET(_x6['v3'], '$', 'bigint') IS NULL
                                                        )
                                                      )
                                                      THEN 'integer'
                                                      ELSE 'fraction'
                                                    END
                                                    WHEN (
                                                      _x7 = 'DOUBLE'
                                                    )
                                                    THEN 'fraction'
                                                    WHEN (
                                                      _x7 = 'STRING'
                                                    )
                                                    THEN 'string'
                                                    WHEN STARTSWITH(_x7, 'ARRAY<')
                                                    THEN 'array'
                                                    WHEN STARTSWITH(_x7, 'OBJECT<')
                                                    THEN 'object'
                                                    ELSE 'other'
                                                  END
                                                ),
                                                _x8 -> CASE
                                                  WHEN (
                                                    _x8 = 'null'
                                                  )
                                                  THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                                  WHEN (
                                                    _x8 = 'object'
                                                  )
                                                  THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                                  WHEN (
                                                    _x8 = 'array'
                                                  )
                                                  THEN CASE
                                                    WHEN (
                                                      _x7 RLIKE '^(ARRAY<)+VOID>+$'
                                                    )
                                                    THEN STRUCT(1 AS kind, (
                                                      SIZE(SPLIT(_x7, 'ARRAY<')) - 1
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
                                                            _x8 = 'boolean'
                                                          )
                                                          THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                          WHEN (
                                                            _x8 = 'integer'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v3'], '$', 'bigint') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v3'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v3'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 1
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v3'], '$', 'decimal(38,0)') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v3'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v3'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 3
                                                            WHEN TRUE
                                                            THEN 6
                                                            ELSE 6
                                                          END
                                                          WHEN (
                                                            _x8 = 'fraction'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  (
                                                                    NOT TRY_VARIANT_GET(_x6['v3'], '$', 'double') IS NULL
                                                                  )
                                                                  AND (
                                                                    NOT ISNAN(TRY_VARIANT_GET(_x6['v3'], '$', 'double'))
                                                                  )
                                                                )
                                                                AND (
                                                                  ABS(TRY_VARIANT_GET(_x6['v3'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                                )
                                                              )
                                                              AND CASE
                                                                WHEN (
                                                                  _x7 = 'DOUBLE'
                                                                )
                                                                THEN TRUE
                                                                ELSE (
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(
                                                                      REGEXP_REPLACE(
                                                                        REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x6['v3'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                      REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x6['v3']), '[eE].*$', ''), '^-', ''),
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
                                                            _x8 = 'string'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v3'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v3'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_TO_DATE(TRY_VARIANT_GET(_x6['v3'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                              )
                                                            )
                                                            THEN 4
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v3'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v3'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_CAST(TRY_VARIANT_GET(_x6['v3'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                      _x7 -> CASE
                                        WHEN (
                                          _x7['kind'] = 0
                                        )
                                        THEN 'null'
                                        WHEN (
                                          _x7['kind'] = 1
                                        )
                                        THEN 'empty'
                                        WHEN (
                                          COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x6['v3']), 'OBJECT<'), FALSE)
                                          AND (
                                            SIZE(
                                              ARRAY_REMOVE(MAP_KEYS(TRY_VARIANT_GET(_x6['v3'], '$', 'map<string,variant>')), '')
                                            ) = 0
                                          )
                                        )
                                        THEN 'empty'
                                        WHEN (
                                          _x7['kind'] = 2
                                        )
                                        THEN ELEMENT_AT(
                                          ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                          (
                                            6 + 1
                                          )
                                        )
                                        WHEN (
                                          _x7['kind'] = 4
                                        )
                                        THEN CONCAT('record', REPEAT('[]', _x7['dim']))
                                        ELSE CONCAT(
                                          CASE
                                            WHEN (
                                              _x7['dim'] = 0
                                            )
                                            THEN ELEMENT_AT(
                                              ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                              (
                                                ELEMENT_AT(
                                                  TRANSFORM(
                                                    ARRAY(SCHEMA_OF_VARIANT(_x6['v3'])),
                                                    _x8 -> ELEMENT_AT(
                                                      TRANSFORM(
                                                        ARRAY(
                                                          CASE
                                                            WHEN (
                                                              (
                                                                _x6['v3'] IS NULL
                                                              ) OR (
                                                                _x8 = 'VOID'
                                                              )
                                                            )
                                                            THEN 'null'
                                                            WHEN (
                                                              _x8 = 'BOOLEAN'
                                                            )
                                                            THEN 'boolean'
                                                            WHEN (
                                                              _x8 = 'BIGINT'
                                                            )
                                                            THEN 'integer'
                                                            WHEN STARTSWITH(_x8, 'DECIMAL(')
                                                            THEN CASE
                                                              WHEN (
                                                                (
                                                                  REGEXP_EXTRACT(_x8, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                                )
                                                                AND (
                                                                  TRY_VARIANT_GET(_x6['v3'], '$', 'bigint') IS NULL
                                                                )
                                                              )
                                                              THEN 'integer'
                                                              ELSE 'fraction'
                                                            END
                                                            WHEN (
                                                              _x8 = 'DOUBLE'
                                                            )
                                                            THEN 'fraction'
                                                            WHEN (
                                                              _x8 = 'STRING'
                                                            )
                                                            THEN 'string'
                                                            WHEN STARTSWITH(_x8, 'ARRAY<')
                                                            THEN 'array'
                                                            WHEN STARTSWITH(_x8, 'OBJECT<')
                                                            THEN 'object'
                                                            ELSE 'other'
                                                          END
                                                        ),
                                                        _x9 -> CASE
                                                          WHEN (
                                                            _x9 = 'boolean'
                                                          )
                                                          THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                          WHEN (
                                                            _x9 = 'integer'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v3'], '$', 'bigint') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v3'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v3'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 1
                                                            WHEN (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x6['v3'], '$', 'decimal(38,0)') IS NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(TRY_VARIANT_GET(_x6['v3'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x6['v3'], '$', 'decimal(38,0)')
                                                              )
                                                            )
                                                            THEN 3
                                                            WHEN TRUE
                                                            THEN 6
                                                            ELSE 6
                                                          END
                                                          WHEN (
                                                            _x9 = 'fraction'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  (
                                                                    NOT TRY_VARIANT_GET(_x6['v3'], '$', 'double') IS NULL
                                                                  )
                                                                  AND (
                                                                    NOT ISNAN(TRY_VARIANT_GET(_x6['v3'], '$', 'double'))
                                                                  )
                                                                )
                                                                AND (
                                                                  ABS(TRY_VARIANT_GET(_x6['v3'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                                )
                                                              )
                                                              AND CASE
                                                                WHEN (
                                                                  _x8 = 'DOUBLE'
                                                                )
                                                                THEN TRUE
                                                                ELSE (
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(
                                                                      REGEXP_REPLACE(
                                                                        REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x6['v3'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                      REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x6['v3']), '[eE].*$', ''), '^-', ''),
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
                                                            _x9 = 'string'
                                                          )
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v3'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v3'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_TO_DATE(TRY_VARIANT_GET(_x6['v3'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                              )
                                                            )
                                                            THEN 4
                                                            WHEN (
                                                              (
                                                                (
                                                                  TRY_VARIANT_GET(_x6['v3'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                )
                                                                AND (
                                                                  NOT STARTSWITH(TRY_VARIANT_GET(_x6['v3'], '$', 'string'), '0000')
                                                                )
                                                              )
                                                              AND (
                                                                NOT TRY_CAST(TRY_VARIANT_GET(_x6['v3'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                          REPEAT('[]', _x7['dim'])
                                        )
                                      END
                                    ),
                                    1
                                  ) AS s3
                                )
                              ),
                              _x7 -> STRUCT(
                                CAST(CASE
                                  WHEN (
                                    _x7['s0'] = 'string'
                                  )
                                  THEN CASE
                                    WHEN (
                                      SCHEMA_OF_VARIANT(_x7['v0']) = 'STRING'
                                    )
                                    THEN TRY_VARIANT_GET(_x7['v0'], '$', 'string')
                                    WHEN (
                                      NOT IS_VARIANT_NULL(_x7['v0'])
                                    )
                                    THEN TO_JSON(_x7['v0'])
                                  END
                                  ELSE CAST(NULL AS STRING)
                                END AS STRING) AS c,
                                CAST(CASE
                                  WHEN (
                                    _x7['s1'] = 'string'
                                  )
                                  THEN CASE
                                    WHEN (
                                      SCHEMA_OF_VARIANT(_x7['v1']) = 'STRING'
                                    )
                                    THEN TRY_VARIANT_GET(_x7['v1'], '$', 'string')
                                    WHEN (
                                      NOT IS_VARIANT_NULL(_x7['v1'])
                                    )
                                    THEN TO_JSON(_x7['v1'])
                                  END
                                  ELSE CAST(NULL AS STRING)
                                END AS STRING) AS x,
                                CAST(CASE
                                  WHEN (
                                    _x7['s2'] = 'string'
                                  )
                                  THEN CASE
                                    WHEN (
                                      SCHEMA_OF_VARIANT(_x7['v2']) = 'STRING'
                                    )
                                    THEN TRY_VARIANT_GET(_x7['v2'], '$', 'string')
                                    WHEN (
                                      NOT IS_VARIANT_NULL(_x7['v2'])
                                    )
                                    THEN TO_JSON(_x7['v2'])
                                  END
                                  ELSE CAST(NULL AS STRING)
                                END AS STRING) AS y,
                                CAST(CASE
                                  WHEN (
                                    _x7['s3'] = 'string'
                                  )
                                  THEN CASE
                                    WHEN (
                                      SCHEMA_OF_VARIANT(_x7['v3']) = 'STRING'
                                    )
                                    THEN TRY_VARIANT_GET(_x7['v3'], '$', 'string')
                                    WHEN (
                                      NOT IS_VARIANT_NULL(_x7['v3'])
                                    )
                                    THEN TO_JSON(_x7['v3'])
                                  END
                                  ELSE CAST(NULL AS STRING)
                                END AS STRING) AS z
                              )
                            ),
                            1
                          )
                        ),
                        1
                      )
                    END
                  )
                )
              ) AS ARRAY<ARRAY<ARRAY<STRUCT<`c`: STRING, `x`: STRING, `y`: STRING, `z`: STRING>>>>) AS b,
              CAST(CASE
                WHEN COALESCE(
                  STARTSWITH(
                    SCHEMA_OF_VARIANT(CASE WHEN (
                      _x2['s0'] = 'record'
                    ) THEN _x2['v0'] END),
                    'OBJECT<'
                  ),
                  FALSE
                )
                THEN ELEMENT_AT(
                  TRANSFORM(
                    ARRAY(
                      STRUCT(
                        ELEMENT_AT(
                          TRY_VARIANT_GET(CASE WHEN (
                            _x2['s0'] = 'record'
                          ) THEN _x2['v0'] END, '$', 'map<string,variant>'),
                          'c'
                        ) AS v0
                      )
                    ),
                    _x3 -> ELEMENT_AT(
                      TRANSFORM(
                        ARRAY(
                          STRUCT(
                            _x3['v0'] AS v0,
                            ELEMENT_AT(
                              TRANSFORM(
                                ARRAY(
                                  ELEMENT_AT(
                                    TRANSFORM(
                                      ARRAY(SCHEMA_OF_VARIANT(_x3['v0'])),
                                      _x4 -> ELEMENT_AT(
                                        TRANSFORM(
                                          ARRAY(
                                            CASE
                                              WHEN (
                                                (
                                                  _x3['v0'] IS NULL
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
                                                    TRY_VARIANT_GET(_x3['v0'], '$', 'bigint') IS NULL
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
                                                          NOT TRY_VARIANT_GET(_x3['v0'], '$', 'bigint') IS NULL
                                                        )
                                                        AND (
                                                          TRY_CAST(TRY_VARIANT_GET(_x3['v0'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x3['v0'], '$', 'decimal(38,0)')
                                                        )
                                                      )
                                                      THEN 1
                                                      WHEN (
                                                        (
                                                          NOT TRY_VARIANT_GET(_x3['v0'], '$', 'decimal(38,0)') IS NULL
                                                        )
                                                        AND (
                                                          TRY_CAST(TRY_VARIANT_GET(_x3['v0'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x3['v0'], '$', 'decimal(38,0)')
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
                                                              NOT TRY_VARIANT_GET(_x3['v0'], '$', 'double') IS NULL
                                                            )
                                                            AND (
                                                              NOT ISNAN(TRY_VARIANT_GET(_x3['v0'], '$', 'double'))
                                                            )
                                                          )
                                                          AND (
                                                            ABS(TRY_VARIANT_GET(_x3['v0'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
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
                                                                  REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x3['v0'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x3['v0']), '[eE].*$', ''), '^-', ''),
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
                                                      _x5 = 'string'
                                                    )
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          (
                                                            TRY_VARIANT_GET(_x3['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                          )
                                                          AND (
                                                            NOT STARTSWITH(TRY_VARIANT_GET(_x3['v0'], '$', 'string'), '0000')
                                                          )
                                                        )
                                                        AND (
                                                          NOT TRY_TO_DATE(TRY_VARIANT_GET(_x3['v0'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                        )
                                                      )
                                                      THEN 4
                                                      WHEN (
                                                        (
                                                          (
                                                            TRY_VARIANT_GET(_x3['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                          )
                                                          AND (
                                                            NOT STARTSWITH(TRY_VARIANT_GET(_x3['v0'], '$', 'string'), '0000')
                                                          )
                                                        )
                                                        AND (
                                                          NOT TRY_CAST(TRY_VARIANT_GET(_x3['v0'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                _x4 -> CASE
                                  WHEN (
                                    _x4['kind'] = 0
                                  )
                                  THEN 'null'
                                  WHEN (
                                    _x4['kind'] = 1
                                  )
                                  THEN 'empty'
                                  WHEN (
                                    COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x3['v0']), 'OBJECT<'), FALSE)
                                    AND (
                                      SIZE(
                                        ARRAY_REMOVE(MAP_KEYS(TRY_VARIANT_GET(_x3['v0'], '$', 'map<string,variant>')), '')
                                      ) = 0
                                    )
                                  )
                                  THEN 'empty'
                                  WHEN (
                                    _x4['kind'] = 2
                                  )
                                  THEN ELEMENT_AT(
                                    ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                    (
                                      6 + 1
                                    )
                                  )
                                  WHEN (
                                    _x4['kind'] = 4
                                  )
                                  THEN CONCAT('record', REPEAT('[]', _x4['dim']))
                                  ELSE CONCAT(
                                    CASE
                                      WHEN (
                                        _x4['dim'] = 0
                                      )
                                      THEN ELEMENT_AT(
                                        ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                        (
                                          ELEMENT_AT(
                                            TRANSFORM(
                                              ARRAY(SCHEMA_OF_VARIANT(_x3['v0'])),
                                              _x5 -> ELEMENT_AT(
                                                TRANSFORM(
                                                  ARRAY(
                                                    CASE
                                                      WHEN (
                                                        (
                                                          _x3['v0'] IS NULL
                                                        ) OR (
                                                          _x5 = 'VOID'
                                                        )
                                                      )
                                                      THEN 'null'
                                                      WHEN (
                                                        _x5 = 'BOOLEAN'
                                                      )
                                                      THEN 'boolean'
                                                      WHEN (
                                                        _x5 = 'BIGINT'
                                                      )
                                                      THEN 'integer'
                                                      WHEN STARTSWITH(_x5, 'DECIMAL(')
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            REGEXP_EXTRACT(_x5, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                          )
                                                          AND (
                                                            TRY_VARIANT_GET(_x3['v0'], '$', 'bigint') IS NULL
                                                          )
                                                        )
                                                        THEN 'integer'
                                                        ELSE 'fraction'
                                                      END
                                                      WHEN (
                                                        _x5 = 'DOUBLE'
                                                      )
                                                      THEN 'fraction'
                                                      WHEN (
                                                        _x5 = 'STRING'
                                                      )
                                                      THEN 'string'
                                                      WHEN STARTSWITH(_x5, 'ARRAY<')
                                                      THEN 'array'
                                                      WHEN STARTSWITH(_x5, 'OBJECT<')
                                                      THEN 'object'
                                                      ELSE 'other'
                                                    END
                                                  ),
                                                  _x6 -> CASE
                                                    WHEN (
                                                      _x6 = 'boolean'
                                                    )
                                                    THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                    WHEN (
                                                      _x6 = 'integer'
                                                    )
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          NOT TRY_VARIANT_GET(_x3['v0'], '$', 'bigint') IS NULL
                                                        )
                                                        AND (
                                                          TRY_CAST(TRY_VARIANT_GET(_x3['v0'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x3['v0'], '$', 'decimal(38,0)')
                                                        )
                                                      )
                                                      THEN 1
                                                      WHEN (
                                                        (
                                                          NOT TRY_VARIANT_GET(_x3['v0'], '$', 'decimal(38,0)') IS NULL
                                                        )
                                                        AND (
                                                          TRY_CAST(TRY_VARIANT_GET(_x3['v0'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x3['v0'], '$', 'decimal(38,0)')
                                                        )
                                                      )
                                                      THEN 3
                                                      WHEN TRUE
                                                      THEN 6
                                                      ELSE 6
                                                    END
                                                    WHEN (
                                                      _x6 = 'fraction'
                                                    )
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          (
                                                            (
                                                              NOT TRY_VARIANT_GET(_x3['v0'], '$', 'double') IS NULL
                                                            )
                                                            AND (
                                                              NOT ISNAN(TRY_VARIANT_GET(_x3['v0'], '$', 'double'))
                                                            )
                                                          )
                                                          AND (
                                                            ABS(TRY_VARIANT_GET(_x3['v0'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                          )
                                                        )
                                                        AND CASE
                                                          WHEN (
                                                            _x5 = 'DOUBLE'
                                                          )
                                                          THEN TRUE
                                                          ELSE (
                                                            REGEXP_REPLACE(
                                                              REGEXP_REPLACE(
                                                                REGEXP_REPLACE(
                                                                  REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x3['v0'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x3['v0']), '[eE].*$', ''), '^-', ''),
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
                                                      _x6 = 'string'
                                                    )
                                                    THEN CASE
                                                      WHEN (
                                                        (
                                                          (
                                                            TRY_VARIANT_GET(_x3['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                          )
                                                          AND (
                                                            NOT STARTSWITH(TRY_VARIANT_GET(_x3['v0'], '$', 'string'), '0000')
                                                          )
                                                        )
                                                        AND (
                                                          NOT TRY_TO_DATE(TRY_VARIANT_GET(_x3['v0'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                        )
                                                      )
                                                      THEN 4
                                                      WHEN (
                                                        (
                                                          (
                                                            TRY_VARIANT_GET(_x3['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                          )
                                                          AND (
                                                            NOT STARTSWITH(TRY_VARIANT_GET(_x3['v0'], '$', 'string'), '0000')
                                                          )
                                                        )
                                                        AND (
                                                          NOT TRY_CAST(TRY_VARIANT_GET(_x3['v0'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                    REPEAT('[]', _x4['dim'])
                                  )
                                END
                              ),
                              1
                            ) AS s0
                          )
                        ),
                        _x4 -> STRUCT(
                          CAST(CASE
                            WHEN (
                              _x4['s0'] = 'string'
                            )
                            THEN CASE
                              WHEN (
                                SCHEMA_OF_VARIANT(_x4['v0']) = 'STRING'
                              )
                              THEN TRY_VARIANT_GET(_x4['v0'], '$', 'string')
                              WHEN (
                                NOT IS_VARIANT_NULL(_x4['v0'])
                              )
                              THEN TO_JSON(_x4['v0'])
                            END
                            ELSE CAST(NULL AS STRING)
                          END AS STRING) AS c
                        )
                      ),
                      1
                    )
                  ),
                  1
                )
              END AS STRUCT<`c`: STRING>) AS b_record,
              CAST(TRANSFORM(
                CASE
                  WHEN (
                    _x2['s0'] = 'record[]'
                  )
                  THEN TRY_VARIANT_GET(_x2['v0'], '$', 'array<variant>')
                END,
                _x3 -> CASE
                  WHEN COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x3), 'OBJECT<'), FALSE)
                  THEN ELEMENT_AT(
                    TRANSFORM(
                      ARRAY(STRUCT(ELEMENT_AT(TRY_VARIANT_GET(_x3, '$', 'map<string,variant>'), 'x') AS v0)),
                      _x4 -> ELEMENT_AT(
                        TRANSFORM(
                          ARRAY(
                            STRUCT(
                              _x4['v0'] AS v0,
                              ELEMENT_AT(
                                TRANSFORM(
                                  ARRAY(
                                    ELEMENT_AT(
                                      TRANSFORM(
                                        ARRAY(SCHEMA_OF_VARIANT(_x4['v0'])),
                                        _x5 -> ELEMENT_AT(
                                          TRANSFORM(
                                            ARRAY(
                                              CASE
                                                WHEN (
                                                  (
                                                    _x4['v0'] IS NULL
                                                  ) OR (
                                                    _x5 = 'VOID'
                                                  )
                                                )
                                                THEN 'null'
                                                WHEN (
                                                  _x5 = 'BOOLEAN'
                                                )
                                                THEN 'boolean'
                                                WHEN (
                                                  _x5 = 'BIGINT'
                                                )
                                                THEN 'integer'
                                                WHEN STARTSWITH(_x5, 'DECIMAL(')
                                                THEN CASE
                                                  WHEN (
                                                    (
                                                      REGEXP_EXTRACT(_x5, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                    )
                                                    AND (
                                                      TRY_VARIANT_GET(_x4['v0'], '$', 'bigint') IS NULL
                                                    )
                                                  )
                                                  THEN 'integer'
                                                  ELSE 'fraction'
                                                END
                                                WHEN (
                                                  _x5 = 'DOUBLE'
                                                )
                                                THEN 'fraction'
                                                WHEN (
                                                  _x5 = 'STRING'
                                                )
                                                THEN 'string'
                                                WHEN STARTSWITH(_x5, 'ARRAY<')
                                                THEN 'array'
                                                WHEN STARTSWITH(_x5, 'OBJECT<')
                                                THEN 'object'
                                                ELSE 'other'
                                              END
                                            ),
                                            _x6 -> CASE
                                              WHEN (
                                                _x6 = 'null'
                                              )
                                              THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                              WHEN (
                                                _x6 = 'object'
                                              )
                                              THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                              WHEN (
                                                _x6 = 'array'
                                              )
                                              THEN CASE
                                                WHEN (
                                                  _x5 RLIKE '^(ARRAY<)+VOID>+$'
                                                )
                                                THEN STRUCT(1 AS kind, (
                                                  SIZE(SPLIT(_x5, 'ARRAY<')) - 1
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
                                                        _x6 = 'boolean'
                                                      )
                                                      THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                      WHEN (
                                                        _x6 = 'integer'
                                                      )
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            NOT TRY_VARIANT_GET(_x4['v0'], '$', 'bigint') IS NULL
                                                          )
                                                          AND (
                                                            TRY_CAST(TRY_VARIANT_GET(_x4['v0'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x4['v0'], '$', 'decimal(38,0)')
                                                          )
                                                        )
                                                        THEN 1
                                                        WHEN (
                                                          (
                                                            NOT TRY_VARIANT_GET(_x4['v0'], '$', 'decimal(38,0)') IS NULL
                                                          )
                                                          AND (
                                                            TRY_CAST(TRY_VARIANT_GET(_x4['v0'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x4['v0'], '$', 'decimal(38,0)')
                                                          )
                                                        )
                                                        THEN 3
                                                        WHEN TRUE
                                                        THEN 6
                                                        ELSE 6
                                                      END
                                                      WHEN (
                                                        _x6 = 'fraction'
                                                      )
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x4['v0'], '$', 'double') IS NULL
                                                              )
                                                              AND (
                                                                NOT ISNAN(TRY_VARIANT_GET(_x4['v0'], '$', 'double'))
                                                              )
                                                            )
                                                            AND (
                                                              ABS(TRY_VARIANT_GET(_x4['v0'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                            )
                                                          )
                                                          AND CASE
                                                            WHEN (
                                                              _x5 = 'DOUBLE'
                                                            )
                                                            THEN TRUE
                                                            ELSE (
                                                              REGEXP_REPLACE(
                                                                REGEXP_REPLACE(
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x4['v0'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                  REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x4['v0']), '[eE].*$', ''), '^-', ''),
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
                                                        _x6 = 'string'
                                                      )
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            (
                                                              TRY_VARIANT_GET(_x4['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                            )
                                                            AND (
                                                              NOT STARTSWITH(TRY_VARIANT_GET(_x4['v0'], '$', 'string'), '0000')
                                                            )
                                                          )
                                                          AND (
                                                            NOT TRY_TO_DATE(TRY_VARIANT_GET(_x4['v0'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                          )
                                                        )
                                                        THEN 4
                                                        WHEN (
                                                          (
                                                            (
                                                              TRY_VARIANT_GET(_x4['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                            )
                                                            AND (
                                                              NOT STARTSWITH(TRY_VARIANT_GET(_x4['v0'], '$', 'string'), '0000')
                                                            )
                                                          )
                                                          AND (
                                                            NOT TRY_CAST(TRY_VARIANT_GET(_x4['v0'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                  _x5 -> CASE
                                    WHEN (
                                      _x5['kind'] = 0
                                    )
                                    THEN 'null'
                                    WHEN (
                                      _x5['kind'] = 1
                                    )
                                    THEN 'empty'
                                    WHEN (
                                      COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x4['v0']), 'OBJECT<'), FALSE)
                                      AND (
                                        SIZE(
                                          ARRAY_REMOVE(MAP_KEYS(TRY_VARIANT_GET(_x4['v0'], '$', 'map<string,variant>')), '')
                                        ) = 0
                                      )
                                    )
                                    THEN 'empty'
                                    WHEN (
                                      _x5['kind'] = 2
                                    )
                                    THEN ELEMENT_AT(
                                      ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                      (
                                        6 + 1
                                      )
                                    )
                                    WHEN (
                                      _x5['kind'] = 4
                                    )
                                    THEN CONCAT('record', REPEAT('[]', _x5['dim']))
                                    ELSE CONCAT(
                                      CASE
                                        WHEN (
                                          _x5['dim'] = 0
                                        )
                                        THEN ELEMENT_AT(
                                          ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                          (
                                            ELEMENT_AT(
                                              TRANSFORM(
                                                ARRAY(SCHEMA_OF_VARIANT(_x4['v0'])),
                                                _x6 -> ELEMENT_AT(
                                                  TRANSFORM(
                                                    ARRAY(
                                                      CASE
                                                        WHEN (
                                                          (
                                                            _x4['v0'] IS NULL
                                                          ) OR (
                                                            _x6 = 'VOID'
                                                          )
                                                        )
                                                        THEN 'null'
                                                        WHEN (
                                                          _x6 = 'BOOLEAN'
                                                        )
                                                        THEN 'boolean'
                                                        WHEN (
                                                          _x6 = 'BIGINT'
                                                        )
                                                        THEN 'integer'
                                                        WHEN STARTSWITH(_x6, 'DECIMAL(')
                                                        THEN CASE
                                                          WHEN (
                                                            (
                                                              REGEXP_EXTRACT(_x6, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                            )
                                                            AND (
                                                              TRY_VARIANT_GET(_x4['v0'], '$', 'bigint') IS NULL
                                                            )
                                                          )
                                                          THEN 'integer'
                                                          ELSE 'fraction'
                                                        END
                                                        WHEN (
                                                          _x6 = 'DOUBLE'
                                                        )
                                                        THEN 'fraction'
                                                        WHEN (
                                                          _x6 = 'STRING'
                                                        )
                                                        THEN 'string'
                                                        WHEN STARTSWITH(_x6, 'ARRAY<')
                                                        THEN 'array'
                                                        WHEN STARTSWITH(_x6, 'OBJECT<')
                                                        THEN 'object'
                                                        ELSE 'other'
                                                      END
                                                    ),
                                                    _x7 -> CASE
                                                      WHEN (
                                                        _x7 = 'boolean'
                                                      )
                                                      THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                      WHEN (
                                                        _x7 = 'integer'
                                                      )
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            NOT TRY_VARIANT_GET(_x4['v0'], '$', 'bigint') IS NULL
                                                          )
                                                          AND (
                                                            TRY_CAST(TRY_VARIANT_GET(_x4['v0'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x4['v0'], '$', 'decimal(38,0)')
                                                          )
                                                        )
                                                        THEN 1
                                                        WHEN (
                                                          (
                                                            NOT TRY_VARIANT_GET(_x4['v0'], '$', 'decimal(38,0)') IS NULL
                                                          )
                                                          AND (
                                                            TRY_CAST(TRY_VARIANT_GET(_x4['v0'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x4['v0'], '$', 'decimal(38,0)')
                                                          )
                                                        )
                                                        THEN 3
                                                        WHEN TRUE
                                                        THEN 6
                                                        ELSE 6
                                                      END
                                                      WHEN (
                                                        _x7 = 'fraction'
                                                      )
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            (
                                                              (
                                                                NOT TRY_VARIANT_GET(_x4['v0'], '$', 'double') IS NULL
                                                              )
                                                              AND (
                                                                NOT ISNAN(TRY_VARIANT_GET(_x4['v0'], '$', 'double'))
                                                              )
                                                            )
                                                            AND (
                                                              ABS(TRY_VARIANT_GET(_x4['v0'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                            )
                                                          )
                                                          AND CASE
                                                            WHEN (
                                                              _x6 = 'DOUBLE'
                                                            )
                                                            THEN TRUE
                                                            ELSE (
                                                              REGEXP_REPLACE(
                                                                REGEXP_REPLACE(
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x4['v0'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                  REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x4['v0']), '[eE].*$', ''), '^-', ''),
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
                                                        _x7 = 'string'
                                                      )
                                                      THEN CASE
                                                        WHEN (
                                                          (
                                                            (
                                                              TRY_VARIANT_GET(_x4['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                            )
                                                            AND (
                                                              NOT STARTSWITH(TRY_VARIANT_GET(_x4['v0'], '$', 'string'), '0000')
                                                            )
                                                          )
                                                          AND (
                                                            NOT TRY_TO_DATE(TRY_VARIANT_GET(_x4['v0'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                          )
                                                        )
                                                        THEN 4
                                                        WHEN (
                                                          (
                                                            (
                                                              TRY_VARIANT_GET(_x4['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                            )
                                                            AND (
                                                              NOT STARTSWITH(TRY_VARIANT_GET(_x4['v0'], '$', 'string'), '0000')
                                                            )
                                                          )
                                                          AND (
                                                            NOT TRY_CAST(TRY_VARIANT_GET(_x4['v0'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                      REPEAT('[]', _x5['dim'])
                                    )
                                  END
                                ),
                                1
                              ) AS s0
                            )
                          ),
                          _x5 -> STRUCT(
                            CAST(CASE
                              WHEN (
                                _x5['s0'] = 'string'
                              )
                              THEN CASE
                                WHEN (
                                  SCHEMA_OF_VARIANT(_x5['v0']) = 'STRING'
                                )
                                THEN TRY_VARIANT_GET(_x5['v0'], '$', 'string')
                                WHEN (
                                  NOT IS_VARIANT_NULL(_x5['v0'])
                                )
                                THEN TO_JSON(_x5['v0'])
                              END
                              ELSE CAST(NULL AS STRING)
                            END AS STRING) AS x
                          )
                        ),
                        1
                      )
                    ),
                    1
                  )
                END
              ) AS ARRAY<STRUCT<`x`: STRING>>) AS b_array_record,
              CAST(TRANSFORM(
                CASE
                  WHEN (
                    _x2['s0'] = 'record[][]'
                  )
                  THEN TRANSFORM(
                    TRY_VARIANT_GET(_x2['v0'], '$', 'array<variant>'),
                    _x3 -> TRY_VARIANT_GET(_x3, '$', 'array<variant>')
                  )
                END,
                _x3 -> TRANSFORM(
                  _x3,
                  _x4 -> CASE
                    WHEN COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x4), 'OBJECT<'), FALSE)
                    THEN ELEMENT_AT(
                      TRANSFORM(
                        ARRAY(STRUCT(ELEMENT_AT(TRY_VARIANT_GET(_x4, '$', 'map<string,variant>'), 'y') AS v0)),
                        _x5 -> ELEMENT_AT(
                          TRANSFORM(
                            ARRAY(
                              STRUCT(
                                _x5['v0'] AS v0,
                                ELEMENT_AT(
                                  TRANSFORM(
                                    ARRAY(
                                      ELEMENT_AT(
                                        TRANSFORM(
                                          ARRAY(SCHEMA_OF_VARIANT(_x5['v0'])),
                                          _x6 -> ELEMENT_AT(
                                            TRANSFORM(
                                              ARRAY(
                                                CASE
                                                  WHEN (
                                                    (
                                                      _x5['v0'] IS NULL
                                                    ) OR (
                                                      _x6 = 'VOID'
                                                    )
                                                  )
                                                  THEN 'null'
                                                  WHEN (
                                                    _x6 = 'BOOLEAN'
                                                  )
                                                  THEN 'boolean'
                                                  WHEN (
                                                    _x6 = 'BIGINT'
                                                  )
                                                  THEN 'integer'
                                                  WHEN STARTSWITH(_x6, 'DECIMAL(')
                                                  THEN CASE
                                                    WHEN (
                                                      (
                                                        REGEXP_EXTRACT(_x6, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                      )
                                                      AND (
                                                        TRY_VARIANT_GET(_x5['v0'], '$', 'bigint') IS NULL
                                                      )
                                                    )
                                                    THEN 'integer'
                                                    ELSE 'fraction'
                                                  END
                                                  WHEN (
                                                    _x6 = 'DOUBLE'
                                                  )
                                                  THEN 'fraction'
                                                  WHEN (
                                                    _x6 = 'STRING'
                                                  )
                                                  THEN 'string'
                                                  WHEN STARTSWITH(_x6, 'ARRAY<')
                                                  THEN 'array'
                                                  WHEN STARTSWITH(_x6, 'OBJECT<')
                                                  THEN 'object'
                                                  ELSE 'other'
                                                END
                                              ),
                                              _x7 -> CASE
                                                WHEN (
                                                  _x7 = 'null'
                                                )
                                                THEN STRUCT(0 AS kind, 0 AS dim, 0 AS mask)
                                                WHEN (
                                                  _x7 = 'object'
                                                )
                                                THEN STRUCT(4 AS kind, 0 AS dim, 0 AS mask)
                                                WHEN (
                                                  _x7 = 'array'
                                                )
                                                THEN CASE
                                                  WHEN (
                                                    _x6 RLIKE '^(ARRAY<)+VOID>+$'
                                                  )
                                                  THEN STRUCT(1 AS kind, (
                                                    SIZE(SPLIT(_x6, 'ARRAY<')) - 1
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
                                                          _x7 = 'boolean'
                                                        )
                                                        THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                        WHEN (
                                                          _x7 = 'integer'
                                                        )
                                                        THEN CASE
                                                          WHEN (
                                                            (
                                                              NOT TRY_VARIANT_GET(_x5['v0'], '$', 'bigint') IS NULL
                                                            )
                                                            AND (
                                                              TRY_CAST(TRY_VARIANT_GET(_x5['v0'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x5['v0'], '$', 'decimal(38,0)')
                                                            )
                                                          )
                                                          THEN 1
                                                          WHEN (
                                                            (
                                                              NOT TRY_VARIANT_GET(_x5['v0'], '$', 'decimal(38,0)') IS NULL
                                                            )
                                                            AND (
                                                              TRY_CAST(TRY_VARIANT_GET(_x5['v0'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x5['v0'], '$', 'decimal(38,0)')
                                                            )
                                                          )
                                                          THEN 3
                                                          WHEN TRUE
                                                          THEN 6
                                                          ELSE 6
                                                        END
                                                        WHEN (
                                                          _x7 = 'fraction'
                                                        )
                                                        THEN CASE
                                                          WHEN (
                                                            (
                                                              (
                                                                (
                                                                  NOT TRY_VARIANT_GET(_x5['v0'], '$', 'double') IS NULL
                                                                )
                                                                AND (
                                                                  NOT ISNAN(TRY_VARIANT_GET(_x5['v0'], '$', 'double'))
                                                                )
                                                              )
                                                              AND (
                                                                ABS(TRY_VARIANT_GET(_x5['v0'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                              )
                                                            )
                                                            AND CASE
                                                              WHEN (
                                                                _x6 = 'DOUBLE'
                                                              )
                                                              THEN TRUE
                                                              ELSE (
                                                                REGEXP_REPLACE(
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(
                                                                      REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x5['v0'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                    REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x5['v0']), '[eE].*$', ''), '^-', ''),
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
                                                          _x7 = 'string'
                                                        )
                                                        THEN CASE
                                                          WHEN (
                                                            (
                                                              (
                                                                TRY_VARIANT_GET(_x5['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                              )
                                                              AND (
                                                                NOT STARTSWITH(TRY_VARIANT_GET(_x5['v0'], '$', 'string'), '0000')
                                                              )
                                                            )
                                                            AND (
                                                              NOT TRY_TO_DATE(TRY_VARIANT_GET(_x5['v0'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                            )
                                                          )
                                                          THEN 4
                                                          WHEN (
                                                            (
                                                              (
                                                                TRY_VARIANT_GET(_x5['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                              )
                                                              AND (
                                                                NOT STARTSWITH(TRY_VARIANT_GET(_x5['v0'], '$', 'string'), '0000')
                                                              )
                                                            )
                                                            AND (
                                                              NOT TRY_CAST(TRY_VARIANT_GET(_x5['v0'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                    _x6 -> CASE
                                      WHEN (
                                        _x6['kind'] = 0
                                      )
                                      THEN 'null'
                                      WHEN (
                                        _x6['kind'] = 1
                                      )
                                      THEN 'empty'
                                      WHEN (
                                        COALESCE(STARTSWITH(SCHEMA_OF_VARIANT(_x5['v0']), 'OBJECT<'), FALSE)
                                        AND (
                                          SIZE(
                                            ARRAY_REMOVE(MAP_KEYS(TRY_VARIANT_GET(_x5['v0'], '$', 'map<string,variant>')), '')
                                          ) = 0
                                        )
                                      )
                                      THEN 'empty'
                                      WHEN (
                                        _x6['kind'] = 2
                                      )
                                      THEN ELEMENT_AT(
                                        ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                        (
                                          6 + 1
                                        )
                                      )
                                      WHEN (
                                        _x6['kind'] = 4
                                      )
                                      THEN CONCAT('record', REPEAT('[]', _x6['dim']))
                                      ELSE CONCAT(
                                        CASE
                                          WHEN (
                                            _x6['dim'] = 0
                                          )
                                          THEN ELEMENT_AT(
                                            ARRAY('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                            (
                                              ELEMENT_AT(
                                                TRANSFORM(
                                                  ARRAY(SCHEMA_OF_VARIANT(_x5['v0'])),
                                                  _x7 -> ELEMENT_AT(
                                                    TRANSFORM(
                                                      ARRAY(
                                                        CASE
                                                          WHEN (
                                                            (
                                                              _x5['v0'] IS NULL
                                                            ) OR (
                                                              _x7 = 'VOID'
                                                            )
                                                          )
                                                          THEN 'null'
                                                          WHEN (
                                                            _x7 = 'BOOLEAN'
                                                          )
                                                          THEN 'boolean'
                                                          WHEN (
                                                            _x7 = 'BIGINT'
                                                          )
                                                          THEN 'integer'
                                                          WHEN STARTSWITH(_x7, 'DECIMAL(')
                                                          THEN CASE
                                                            WHEN (
                                                              (
                                                                REGEXP_EXTRACT(_x7, '^DECIMAL\\(\\d+,(\\d+)\\)$') = '0'
                                                              )
                                                              AND (
                                                                TRY_VARIANT_GET(_x5['v0'], '$', 'bigint') IS NULL
                                                              )
                                                            )
                                                            THEN 'integer'
                                                            ELSE 'fraction'
                                                          END
                                                          WHEN (
                                                            _x7 = 'DOUBLE'
                                                          )
                                                          THEN 'fraction'
                                                          WHEN (
                                                            _x7 = 'STRING'
                                                          )
                                                          THEN 'string'
                                                          WHEN STARTSWITH(_x7, 'ARRAY<')
                                                          THEN 'array'
                                                          WHEN STARTSWITH(_x7, 'OBJECT<')
                                                          THEN 'object'
                                                          ELSE 'other'
                                                        END
                                                      ),
                                                      _x8 -> CASE
                                                        WHEN (
                                                          _x8 = 'boolean'
                                                        )
                                                        THEN CASE WHEN TRUE THEN 0 ELSE 6 END
                                                        WHEN (
                                                          _x8 = 'integer'
                                                        )
                                                        THEN CASE
                                                          WHEN (
                                                            (
                                                              NOT TRY_VARIANT_GET(_x5['v0'], '$', 'bigint') IS NULL
                                                            )
                                                            AND (
                                                              TRY_CAST(TRY_VARIANT_GET(_x5['v0'], '$', 'bigint') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x5['v0'], '$', 'decimal(38,0)')
                                                            )
                                                          )
                                                          THEN 1
                                                          WHEN (
                                                            (
                                                              NOT TRY_VARIANT_GET(_x5['v0'], '$', 'decimal(38,0)') IS NULL
                                                            )
                                                            AND (
                                                              TRY_CAST(TRY_VARIANT_GET(_x5['v0'], '$', 'decimal(38,0)') AS DECIMAL(38, 0)) = TRY_VARIANT_GET(_x5['v0'], '$', 'decimal(38,0)')
                                                            )
                                                          )
                                                          THEN 3
                                                          WHEN TRUE
                                                          THEN 6
                                                          ELSE 6
                                                        END
                                                        WHEN (
                                                          _x8 = 'fraction'
                                                        )
                                                        THEN CASE
                                                          WHEN (
                                                            (
                                                              (
                                                                (
                                                                  NOT TRY_VARIANT_GET(_x5['v0'], '$', 'double') IS NULL
                                                                )
                                                                AND (
                                                                  NOT ISNAN(TRY_VARIANT_GET(_x5['v0'], '$', 'double'))
                                                                )
                                                              )
                                                              AND (
                                                                ABS(TRY_VARIANT_GET(_x5['v0'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                                              )
                                                            )
                                                            AND CASE
                                                              WHEN (
                                                                _x7 = 'DOUBLE'
                                                              )
                                                              THEN TRUE
                                                              ELSE (
                                                                REGEXP_REPLACE(
                                                                  REGEXP_REPLACE(
                                                                    REGEXP_REPLACE(
                                                                      REGEXP_REPLACE(CAST(TRY_VARIANT_GET(_x5['v0'], '$', 'double') AS STRING), '[eE].*$', ''),
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
                                                                    REGEXP_REPLACE(REGEXP_REPLACE(TO_JSON(_x5['v0']), '[eE].*$', ''), '^-', ''),
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
                                                          _x8 = 'string'
                                                        )
                                                        THEN CASE
                                                          WHEN (
                                                            (
                                                              (
                                                                TRY_VARIANT_GET(_x5['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                              )
                                                              AND (
                                                                NOT STARTSWITH(TRY_VARIANT_GET(_x5['v0'], '$', 'string'), '0000')
                                                              )
                                                            )
                                                            AND (
                                                              NOT TRY_TO_DATE(TRY_VARIANT_GET(_x5['v0'], '$', 'string'), 'yyyy-MM-dd') IS NULL
                                                            )
                                                          )
                                                          THEN 4
                                                          WHEN (
                                                            (
                                                              (
                                                                TRY_VARIANT_GET(_x5['v0'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                              )
                                                              AND (
                                                                NOT STARTSWITH(TRY_VARIANT_GET(_x5['v0'], '$', 'string'), '0000')
                                                              )
                                                            )
                                                            AND (
                                                              NOT TRY_CAST(TRY_VARIANT_GET(_x5['v0'], '$', 'string') AS TIMESTAMP) IS NULL
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
                                        REPEAT('[]', _x6['dim'])
                                      )
                                    END
                                  ),
                                  1
                                ) AS s0
                              )
                            ),
                            _x6 -> STRUCT(
                              CAST(CASE
                                WHEN (
                                  _x6['s0'] = 'string'
                                )
                                THEN CASE
                                  WHEN (
                                    SCHEMA_OF_VARIANT(_x6['v0']) = 'STRING'
                                  )
                                  THEN TRY_VARIANT_GET(_x6['v0'], '$', 'string')
                                  WHEN (
                                    NOT IS_VARIANT_NULL(_x6['v0'])
                                  )
                                  THEN TO_JSON(_x6['v0'])
                                END
                                ELSE CAST(NULL AS STRING)
                              END AS STRING) AS y
                            )
                          ),
                          1
                        )
                      ),
                      1
                    )
                  END
                )
              ) AS ARRAY<ARRAY<STRUCT<`y`: STRING>>>) AS b_array2_record
            )
          ),
          1
        )
      ),
      1
    )
  END AS STRUCT<
    `b`: ARRAY<ARRAY<ARRAY<STRUCT<`c`: STRING, `x`: STRING, `y`: STRING, `z`: STRING>>>>,
    `b_record`: STRUCT<`c`: STRING>,
    `b_array_record`: ARRAY<STRUCT<`x`: STRING>>,
    `b_array2_record`: ARRAY<ARRAY<STRUCT<`y`: STRING>>>
  >) AS `a`
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
